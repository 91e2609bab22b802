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

  it('lets an LC’s 5,000-character description through: in the wizard with 120 etapas and 30 materials, and in the host tools', () => {
    const stages = Object.fromEntries(
      Array.from({ length: 120 }, (_, i) => [
        [`stage-${i}-from`, '1000'],
        [`stage-${i}-to`, '2000'],
        [`stage-${i}-startsOn`, '2026-12-01'],
        [`stage-${i}-endsOn`, '2026-12-31'],
        [`stage-${i}-unit`, 'chapters'],
        [`stage-${i}-edition`, '9'],
      ]).flat(),
    );
    const materials = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [
        [`material-${i}-title`, '“'.repeat(120)],
        [`material-${i}-url`, `https://exemplo.com.br/${'a'.repeat(470)}`],
      ]).flat(),
    );
    const wizard = new URLSearchParams({ ...stages, ...materials, title: 'LC', description: '“'.repeat(5000) }).toString();
    expect(wizard.length).toBeGreaterThan(FORM_MAX_BYTES);
    expect(wizard.length).toBeLessThanOrEqual(bodyLimitOf('/criar/lc'));
    expect(bodyLimitOf('/lc/dom-casmurro/gerenciar')).toBeGreaterThan(5000 * 9);
  });
});
