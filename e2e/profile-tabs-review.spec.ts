import { expect, test } from '@playwright/test';

/**
 * Review of decision 0086: with the Foca tab the profile's tab bar (13 links) no longer fits the profile's column
 * at 1280 px — its last tabs ("Seguidores", "Seguindo") are scrolled out of sight behind a sideways scroll.
 */
test('at 1280 px every tab of the profile’s tab bar is in view, with no sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/u/lia_leitora/foca');
  const nav = page.getByRole('navigation', { name: 'Seções do perfil' });
  await expect(nav.getByRole('link', { name: 'Foca', exact: true })).toHaveAttribute('aria-current', 'page');
  const { scrollWidth, clientWidth } = await nav.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scrollWidth, `the tab bar is ${scrollWidth} px wide in a ${clientWidth} px column`).toBeLessThanOrEqual(clientWidth);
  await expect(nav.getByRole('link', { name: 'Seguindo', exact: true })).toBeInViewport({ ratio: 1 });
});
