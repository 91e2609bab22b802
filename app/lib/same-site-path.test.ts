import { describe, expect, it } from 'vitest';
import { landsOnSite, targetCases, TEST_ORIGIN } from '../../test/same-site-targets';
import { sameSitePath } from './same-site-path';

describe('sameSitePath', () => {
  it('covers at least 30 ways out and keeps same-site addresses', () => {
    expect(targetCases.filter((c) => c.path === null).length).toBeGreaterThanOrEqual(30);
    expect(targetCases.filter((c) => c.path !== null).length).toBeGreaterThan(0);
  });

  it.each(targetCases)('$target → $path', ({ target, path }) => {
    const result = sameSitePath(target, TEST_ORIGIN);
    expect(result).toBe(path);
    if (result !== null) expect(landsOnSite(result)).toBe(true);
  });

  it('answers null without a target', () => {
    expect(sameSitePath(null, TEST_ORIGIN)).toBeNull();
    expect(sameSitePath(undefined, TEST_ORIGIN)).toBeNull();
  });

  it('compares with the origin alone, whatever path the origin is written with', () => {
    expect(sameSitePath('/termos', `${TEST_ORIGIN}/`)).toBe('/termos');
    expect(sameSitePath('https://maratona.example/termos', 'https://maratona.example')).toBe('/termos');
    expect(sameSitePath('http://maratona.example/termos', 'https://maratona.example')).toBeNull();
  });
});
