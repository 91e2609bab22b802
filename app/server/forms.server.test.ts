import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NUL_MESSAGE, parseForm } from './forms.server';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
};

describe('parseForm', () => {
  it('refuses a field carrying a NUL (PostgreSQL cannot store it) next to that field, before the schema, keeping what was typed', () => {
    const parsed = parseForm(form({ title: 'Vidas\u0000Secas', note: 'ok' }), z.object({ title: z.string(), note: z.string() }));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.failure.init?.status).toBe(400);
    expect(parsed.failure.data).toEqual({ fieldErrors: { title: NUL_MESSAGE }, fields: { title: 'Vidas\u0000Secas', note: 'ok' } });
  });

  it('passes everything else to the schema', () => {
    expect(parseForm(form({ title: 'Vidas Secas' }), z.object({ title: z.string() }))).toMatchObject({ ok: true, value: { title: 'Vidas Secas' } });
  });
});
