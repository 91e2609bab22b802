import type { z } from 'zod';
import { failureFromError, parseForm } from '~/server/forms.server';

/**
 * One form of a page with several (host tools, materials): `run(schema, work)` checks the form with its own schema,
 * runs the work and answers its success message, or the failure beside the field that caused it, keeping what was
 * typed.
 */
export function formRunner(formData: FormData) {
  return async <S extends z.ZodType>(schema: S, work: (value: z.output<S>) => Promise<string>) => {
    const parsed = parseForm(formData, schema);
    if (!parsed.ok) return parsed.failure;
    try {
      return { success: await work(parsed.value) };
    } catch (error) {
      return failureFromError(error, parsed.fields);
    }
  };
}
