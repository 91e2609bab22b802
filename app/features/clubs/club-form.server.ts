import type { z } from 'zod';
import { type Parsed, parseForm } from '~/server/forms.server';

/**
 * A club form (creation, settings) whose categories are repeated checkboxes: parsed with all of them, and echoed
 * joined in `fields` (the failure's too), so the form shows them ticked again whatever failed.
 */
export function parseClubForm<S extends z.ZodType>(formData: FormData, schema: S): Parsed<z.output<S>> {
  const categories = formData.getAll('categories').filter((value) => typeof value === 'string');
  const parsed = parseForm(formData, schema, { categories });
  if (parsed.ok) return { ...parsed, fields: { ...parsed.fields, categories: categories.join(',') } };
  parsed.failure.data.fields.categories = categories.join(',');
  return parsed;
}
