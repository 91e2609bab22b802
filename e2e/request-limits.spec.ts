import { expect, test } from '@playwright/test';

test('a malformed Origin is a foreign origin: 403, never 500', async ({ request }) => {
  for (const origin of ['http://[', '::::']) {
    const response = await request.post('/auth/signin', { headers: { Origin: origin }, form: { intent: 'entrar', identifier: 'lia_leitora', password: 'x' } });
    expect(response.status(), origin).toBe(403);
  }
});
