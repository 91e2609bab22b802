import { describe, expect, it } from 'vitest';
import { FORM_MAX_BYTES, bodyLimitOf } from './body-limits.server';

const MB = 1024 * 1024;

describe('bodyLimitOf', () => {
  it('gives forms, JSON and the auth library 64 KB, and a page’s data request the cap of its page', () => {
    expect(['/auth/signin', '/auth/signin.data', '/api/auth/sign-in/email', '/_root.data', '/u/lia/seguidores', '/nao-existe'].map(bodyLimitOf)).toEqual(
      Array(6).fill(FORM_MAX_BYTES),
    );
    expect(bodyLimitOf('/configuracoes/conta')).toBe(10 * MB + FORM_MAX_BYTES);
    expect(bodyLimitOf('/configuracoes/conta.data')).toBe(10 * MB + FORM_MAX_BYTES);
    expect(bodyLimitOf('/ed/abc123.data')).toBe(25 * MB + FORM_MAX_BYTES);
    expect(bodyLimitOf('/configuracoes/importar/goodreads')).toBe(40 * MB + FORM_MAX_BYTES);
    expect(bodyLimitOf('/gerenciar/catalogo/importar')).toBe(40 * MB + FORM_MAX_BYTES);
  });

  it('lets a 20,000-character review draft through even when every character takes 9 bytes encoded', () => {
    const draft = new URLSearchParams({ edition: 'abc123', body: '“'.repeat(20_000), spoiler: 'nao' }).toString();
    expect(draft.length).toBeGreaterThan(FORM_MAX_BYTES);
    expect(draft.length).toBeLessThanOrEqual(bodyLimitOf('/api/resenhas/rascunho'));
  });
});
