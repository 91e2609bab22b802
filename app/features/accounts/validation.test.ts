import { describe, expect, it } from 'vitest';
import { ageOn, isMinor, passwordProblem, signUpInput, usernameProblem } from './validation';

describe('usernames', () => {
  it.each(['ana', 'ana_lendo', 'leitora2026', 'a'.repeat(20)])('accepts %s', (name) => expect(usernameProblem(name)).toBeNull());
  it.each([
    ['ab', 'pelo menos 3'],
    ['a'.repeat(21), 'no máximo 20'],
    ['Ana', 'minúsculas'],
    ['joão', 'minúsculas'],
    ['ana-lendo', 'minúsculas'],
    ['admin', 'reservado'],
    ['configuracoes', 'reservado'],
    ['gerenciar', 'reservado'],
  ])('refuses %s', (name, message) => expect(usernameProblem(name)).toContain(message));
});

describe('passwords', () => {
  it('refuses short, common and username-equal passwords', () => {
    expect(passwordProblem('curta', 'ana')).toContain('8 caracteres');
    expect(passwordProblem('12345678', 'ana')).toContain('comum');
    expect(passwordProblem('Senha123', 'ana')).toContain('comum');
    expect(passwordProblem('ana_lendo', 'ana_lendo')).toContain('nome de usuário');
    expect(passwordProblem('ANA_LENDO', 'ana_lendo')).toContain('nome de usuário');
    expect(passwordProblem('capitu-e-bentinho', 'ana_lendo')).toBeNull();
  });
});

describe('age', () => {
  it('counts whole years in São Paulo', () => {
    expect(ageOn('2013-11-23', '2026-11-22')).toBe(12);
    expect(ageOn('2013-11-22', '2026-11-22')).toBe(13);
    expect(isMinor('2010-01-01', '2026-11-22')).toBe(true);
    expect(isMinor('2008-11-22', '2026-11-22')).toBe(false);
  });

  it('refuses sign-up under 13 with a Portuguese message on the birth date', () => {
    const today = new Date();
    const young = `${today.getFullYear() - 12}-01-01`;
    const result = signUpInput.safeParse({ email: 'a@b.com', username: 'ana_lendo', password: 'capitu-e-bentinho', birthDate: young });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['birthDate']);
    expect(result.error?.issues[0]?.message).toContain('13 anos');
  });
});
