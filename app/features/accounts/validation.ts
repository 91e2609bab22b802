import { z } from 'zod';
import { commonPasswords } from './common-passwords';
import { WHISPER_AUDIENCES } from '~/features/whispers/vocabulary';
import { ADULT_AGE, BIO_MAX, DISPLAY_NAME_MAX, LINKS_MAX, MINIMUM_AGE, PASSWORD_MAX, PASSWORD_MIN, PRONOUNS_MAX, USERNAME_MAX, USERNAME_MIN } from './limits';
import { todayInSaoPaulo } from '~/lib/calendar';

/**
 * Words a username may not be: route segments and words that would impersonate the site. Kept here so
 * the sign-up form, the auth library's validator and the rename action agree.
 */
export const reservedUsernames: ReadonlySet<string> = new Set([
  'admin',
  'administrador',
  'api',
  'app',
  'assinar',
  'assinaturas',
  'att',
  'atts',
  'auth',
  'autor',
  'catalogo',
  'clube',
  'clubes',
  'colecao',
  'configuracoes',
  'criar',
  'curador',
  'ed',
  'editar',
  'estante',
  'estantes',
  'f',
  'foca',
  'gerenciar',
  'home',
  'id',
  'lc',
  'lcs',
  'leitor',
  'login',
  'logout',
  'm',
  'maratona',
  'maratonas',
  'moderacao',
  'moderador',
  'novidades',
  'novo',
  'oauthredirect',
  'overlay',
  'politica',
  'quiz',
  'retrospectiva',
  'root',
  'seguindo',
  'sistema',
  'sorteio',
  'streamer',
  'suporte',
  'sussurrar',
  'sussurros',
  'tarefas',
  'termos',
  'teste',
  'teste2',
  'teste3',
  'u',
  'usuario',
  'www',
  'equipe',
  'staff',
  'oficial',
  'null',
  'undefined',
  'me',
  'eu',
  'sair',
  'entrar',
  'leitor_removido',
]);

export function usernameProblem(username: string): string | null {
  if (username.length < USERNAME_MIN) return `Use pelo menos ${USERNAME_MIN} caracteres.`;
  if (username.length > USERNAME_MAX) return `Use no máximo ${USERNAME_MAX} caracteres.`;
  if (!/^[a-z0-9_]+$/.test(username)) return 'Use só letras minúsculas sem acento, números e _.';
  if (reservedUsernames.has(username)) return 'Esse nome é reservado. Escolha outro.';
  return null;
}

export function passwordProblem(password: string, username: string | undefined): string | null {
  if (password.length < PASSWORD_MIN) return `A senha precisa de pelo menos ${PASSWORD_MIN} caracteres.`;
  if (password.length > PASSWORD_MAX) return `A senha pode ter no máximo ${PASSWORD_MAX} caracteres.`;
  const lower = password.toLowerCase();
  if (username && lower === username.toLowerCase()) return 'A senha não pode ser igual ao seu nome de usuário.';
  if (commonPasswords.has(lower)) return 'Essa senha é muito comum e fácil de adivinhar. Escolha outra.';
  return null;
}

/** Whole years between a birth date (YYYY-MM-DD) and today in São Paulo. */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export const isMinor = (birthDate: string | null | undefined, today = todayInSaoPaulo()) => (birthDate ? ageOn(birthDate, today) < ADULT_AGE : false);

const usernameField = z
  .string({ error: 'Escolha um nome de usuário.' })
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    const problem = usernameProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const emailField = z
  .string({ error: 'Informe seu e-mail.' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Esse e-mail não parece válido.' }));

/** A plausible date; the minimum age is checked apart, because the two sign-ups answer it differently. */
export const birthDateField = z
  .string({ error: 'Informe sua data de nascimento.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Informe sua data de nascimento.' })
  .refine((value) => !Number.isNaN(Date.parse(value)) && value > '1900-01-01' && value <= todayInSaoPaulo(), {
    error: 'Essa data não parece válida.',
  });

export const isUnderMinimumAge = (birthDate: string, today = todayInSaoPaulo()) => ageOn(birthDate, today) < MINIMUM_AGE;

export const signUpInput = z
  .object({
    email: emailField,
    username: usernameField,
    password: z.string({ error: 'Crie uma senha.' }),
    birthDate: birthDateField.refine((value) => !isUnderMinimumAge(value), {
      error: `O Maratona é para quem tem ${MINIMUM_AGE} anos ou mais.`,
    }),
  })
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value.password, value.username);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  });

export const signInInput = z.object({
  identifier: z.string({ error: 'Informe seu e-mail ou nome de usuário.' }).trim().toLowerCase().min(1, {
    error: 'Informe seu e-mail ou nome de usuário.',
  }),
  password: z.string({ error: 'Informe sua senha.' }).min(1, { error: 'Informe sua senha.' }),
});

export const requestPasswordResetInput = z.object({ email: emailField });

export const resetPasswordInput = z.object({ token: z.string().min(1), password: z.string({ error: 'Crie uma senha.' }) }).superRefine((value, ctx) => {
  const problem = passwordProblem(value.password, undefined);
  if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
});

/** /configuracoes/excluir: the username typed again, and the password when the account has one (checked by deleteAccount). */
export const deleteAccountInput = z.object({
  username: z.string({ error: 'Digite seu nome de usuário para confirmar.' }).trim().min(1, { error: 'Digite seu nome de usuário para confirmar.' }).max(100),
  password: z.string().max(200).default(''),
});

export const changePasswordInput = z.object({
  currentPassword: z.string({ error: 'Informe sua senha atual.' }).min(1, { error: 'Informe sua senha atual.' }),
  newPassword: z.string({ error: 'Crie uma senha.' }),
});

export const profileInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Informe um nome de exibição.' })
    .max(DISPLAY_NAME_MAX, { error: `Use no máximo ${DISPLAY_NAME_MAX} caracteres.` }),
  pronouns: z
    .string()
    .trim()
    .max(PRONOUNS_MAX, { error: `Use no máximo ${PRONOUNS_MAX} caracteres.` })
    .default(''),
  bio: z
    .string()
    .trim()
    .max(BIO_MAX, { error: `A bio pode ter no máximo ${BIO_MAX} caracteres.` })
    .default(''),
  links: z
    .string()
    .default('')
    .transform((text) => text.split(/\s+/).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'Use links completos, começando com https://.' })).max(LINKS_MAX, { error: `Até ${LINKS_MAX} links.` })),
  profileVisibility: z.enum(['publico', 'restrito'], { error: 'Escolha quem pode ver seu perfil.' }),
  /** Absent (an older form, a client that does not send it): the setting stays as it is. */
  whisperAudience: z.enum(WHISPER_AUDIENCES, { error: 'Escolha quem pode sussurrar para você.' }).optional(),
  /** A checkbox: present ("sim") when checked, absent otherwise. */
  showCurrentlyReading: z
    .literal('sim')
    .optional()
    .catch(undefined)
    .transform((value) => value === 'sim'),
});

export const changeUsernameInput = z.object({ username: usernameField });

/** The step after a first sign-in through a provider (ADR 0007): the provider gives neither. */
export const completeSignUpInput = z.object({ username: usernameField, birthDate: birthDateField });
/** The current password is asked of accounts that have one (changeEmail checks it). */
export const changeEmailInput = z.object({ email: emailField, password: z.string().max(PASSWORD_MAX).optional() });
