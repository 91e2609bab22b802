import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

const origin = 'http://localhost:3000';

describe('safeRedirectPath', () => {
  it.each([
    ['/configuracoes/conta', '/configuracoes/conta'],
    ['/novidades?x=1#a', '/novidades?x=1#a'],
    ['http://localhost:3000/termos', '/termos'],
  ])('keeps same-origin %s', (input, expected) => expect(safeRedirectPath(input, origin)).toBe(expected));

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'http://localhost:3001/x', '', null])(
    'refuses %s',
    (input) => expect(safeRedirectPath(input, origin, '/home')).toBe('/home'),
  );
});
