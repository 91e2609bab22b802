import { data } from 'react-router';
import type { z } from 'zod';
import type { FormFailure } from '~/lib/form-result';
import { RateLimitError, isAppError } from './errors';

const SECRET_FIELDS = /password|senha|token/i;

export function typedFields(formData: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value === 'string' && !SECRET_FIELDS.test(key)) fields[key] = value;
  }
  return fields;
}

/** The files a multipart form carries under `name` (an empty file input sends one empty file: not a file). */
export function uploadedFilesOf(formData: FormData, name: string): File[] {
  return formData.getAll(name).filter((value): value is File => value instanceof File && value.size > 0);
}

export type Parsed<T> = { ok: true; value: T; fields: Record<string, string> } | { ok: false; failure: ReturnType<typeof data<FormFailure>> };

/** PostgreSQL cannot store U+0000 in text: a field carrying one is refused here, before any schema or query. */
const NUL = '\u0000';
export const NUL_MESSAGE = 'Este campo tem um caractere inválido (um caractere nulo): apague-o e envie de novo.';

/**
 * A form's fields through its zod schema: a failure is each field's first message next to it, with what was typed.
 * `extra` adds what Object.fromEntries cannot give, such as every value of a repeated checkbox (getAll).
 */
export function parseForm<S extends z.ZodType>(formData: FormData, schema: S, extra: Record<string, unknown> = {}): Parsed<z.output<S>> {
  const raw = { ...Object.fromEntries([...formData].filter(([, v]) => typeof v === 'string')), ...extra };
  const fields = typedFields(formData);
  const withNul = Object.keys(raw).filter((key) => {
    const value = raw[key];
    return (typeof value === 'string' && value.includes(NUL)) || (Array.isArray(value) && value.some((v) => typeof v === 'string' && v.includes(NUL)));
  });
  if (withNul.length)
    return { ok: false, failure: data({ fieldErrors: Object.fromEntries(withNul.map((key) => [key, NUL_MESSAGE])), fields }, { status: 400 }) };
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, value: result.data, fields };
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : '_form';
    fieldErrors[key] ??= issue.message;
  }
  return { ok: false, failure: data({ fieldErrors, fields, formError: fieldErrors._form }, { status: 400 }) };
}

export function formFailure(fields: Record<string, string>, formError: string, fieldErrors: Record<string, string> = {}, status = 400, headers?: HeadersInit) {
  return data<FormFailure>({ formError, fieldErrors, fields }, { status, ...(headers ? { headers } : {}) });
}

/** An AppError becomes a message next to its field (or the form); anything else is a bug and rethrown. */
export function failureFromError(error: unknown, fields: Record<string, string>) {
  if (!isAppError(error)) throw error;
  const status = error.code === 'rate_limited' ? 429 : error.code === 'not_found' ? 404 : error.code === 'forbidden' ? 403 : 400;
  const headers = error instanceof RateLimitError ? { 'Retry-After': String(error.retryAfterSeconds) } : undefined;
  return error.field ? formFailure(fields, '', { [error.field]: error.message }, status, headers) : formFailure(fields, error.message, {}, status, headers);
}
