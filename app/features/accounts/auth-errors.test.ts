import { BASE_ERROR_CODES } from 'better-auth';
import { USERNAME_ERROR_CODES } from 'better-auth/plugins';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { authErrorMessages, explainAuthError, isKnownAuthError } from './auth-errors';

/** Every `?error=` value the library's OAuth callbacks can redirect with, read from its own code. */
function oauthCodesInLibrary(): string[] {
  const root = path.resolve('node_modules/better-auth/dist');
  const codes = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.mjs')) {
        const text = readFileSync(file, 'utf8');
        for (const m of text.matchAll(/redirectOnError\([^,]+,\s*[^,]+,\s*"([a-z_]+)"/g)) codes.add(m[1] ?? '');
        const block = /OAUTH_CALLBACK_ERROR_CODES = \{([^}]+)\}/.exec(text);
        if (block?.[1]) for (const m of block[1].matchAll(/"([a-z_]+)"/g)) codes.add(m[1] ?? '');
      }
    }
  };
  walk(root);
  codes.delete('');
  return [...codes];
}

const rfc6749 = [
  'invalid_request',
  'unauthorized_client',
  'access_denied',
  'unsupported_response_type',
  'invalid_scope',
  'server_error',
  'temporarily_unavailable',
];

describe('auth errors in Portuguese', () => {
  it.each(Object.keys(BASE_ERROR_CODES))('explains library code %s', (code) => {
    expect(authErrorMessages[code]).toBeTruthy();
  });

  it.each(Object.keys(USERNAME_ERROR_CODES))('explains username code %s', (code) => {
    expect(authErrorMessages[code]).toBeTruthy();
  });

  const oauth = oauthCodesInLibrary();
  it('found the OAuth callback codes in the library', () => expect(oauth.length).toBeGreaterThan(10));
  it.each([...oauth, ...rfc6749])('explains ?error=%s', (code) => {
    expect(isKnownAuthError(code)).toBe(true);
    expect(explainAuthError(code)).not.toContain(code);
    expect(explainAuthError(code)).toMatch(/[a-zà-ú]+ [a-zà-ú]+/);
  });

  it('falls back to a generic Portuguese message for unknown codes', () => {
    expect(explainAuthError('something_new')).toContain('Tente de novo');
    expect(explainAuthError(null)).toContain('Tente de novo');
  });
});
