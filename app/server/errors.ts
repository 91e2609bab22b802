import { data } from 'react-router';

/**
 * Errors a data function may throw on purpose. Routes turn them into Portuguese messages with
 * messageFor(); anything else is a bug and reaches the error boundary.
 */
export const appErrorMessages = {
  not_found: 'Não encontramos o que você procurava.',
  forbidden: 'Você não tem permissão para fazer isso.',
  unauthenticated: 'Entre na sua conta para continuar.',
  invalid_input: 'Confira os campos destacados.',
  conflict: 'Isso mudou enquanto você editava. Recarregue a página e tente de novo.',
  rate_limited: 'Muitas tentativas em pouco tempo. Espere um pouco e tente de novo.',
  email_not_verified: 'Confirme seu e-mail antes de publicar. Procure o link que enviamos para você.',
  suspended: 'Esta conta está suspensa.',
  username_taken: 'Esse nome de usuário já está em uso.',
  email_taken: 'Já existe uma conta com esse e-mail.',
  wrong_password: 'Senha atual incorreta.',
  last_sign_in_method: 'Você não pode remover a única forma de entrar na sua conta.',
  invalid_image: 'Envie uma imagem JPEG, PNG, WebP ou GIF.',
  image_too_large: 'A imagem passa do limite de 5 MB.',
  image_too_many_pixels: 'A imagem é grande demais (mais de 40 megapixels).',
} as const;

export type AppErrorCode = keyof typeof appErrorMessages;

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message?: string,
    readonly field?: string,
  ) {
    super(message ?? appErrorMessages[code]);
    this.name = 'AppError';
  }
}

/** A limit hit: the route answers 429 with `Retry-After` (PRODUCT.md §1.5). */
export class RateLimitError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
    field?: string,
  ) {
    super('rate_limited', message, field);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** A PostgreSQL unique violation (23505), however the driver or Drizzle wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export function messageFor(error: unknown): string {
  if (isAppError(error)) return error.message;
  throw error;
}

/** A data function's `not_found` as the 404 page: someone else's private thing answers exactly like a missing one. */
export async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isAppError(error) && error.code === 'not_found') throw data(null, { status: 404 });
    throw error;
  }
}
