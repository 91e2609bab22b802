import { parseAst } from 'rollup/parseAst';
import { describe, expect, it } from 'vitest';
import { serverBundleLatin1 } from '../vite.config';

type Handler = (this: unknown, code: string, chunk: { fileName: string }) => { code: string } | null;

function run(code: string): string | null {
  const hook = serverBundleLatin1().renderChunk as { handler: Handler };
  const context = {
    parse: (source: string) => parseAst(source),
    error: (message: string) => {
      throw new Error(message);
    },
  };
  return hook.handler.call(context, code, { fileName: 'index.js' })?.code ?? null;
}

/** Runs a module's body and returns what it exports as `result`. */
const evaluate = (code: string): unknown => new Function(`${code.replace('export const result =', 'return')}`)();

describe('serverBundleLatin1 (vite.config.ts)', () => {
  it('leaves a bundle without characters above U+00FF alone', () => {
    expect(run('export const result = "Atenção, só Latin-1";')).toBeNull();
  });

  it('escapes them in strings, templates, regular expressions, identifiers and comments, with the same meaning', () => {
    const source = [
      '/** Um comentário — com travessão. */',
      'const café = "Início — Maratona";',
      'const π = 3;',
      'const quote = `“${café}” …`;',
      'const dash = /[:.!?—-]$/.test("fim—");',
      'const emoji = "👋 oi";',
      'const astral = /^\\u{1F44B}/u.test(emoji);',
      'export const result = [café, π, quote, dash, emoji, emoji.length, astral];',
    ].join('\n');
    const escaped = run(source)!;
    expect(escaped).not.toMatch(/[\u0100-\uffff]/);
    expect(evaluate(escaped)).toEqual(evaluate(source));
    expect(evaluate(escaped)).toEqual(['Início — Maratona', 3, '“Início — Maratona” …', true, '👋 oi', 5, true]);
  });

  it('refuses a tagged template, whose raw text would change, and a character right after a backslash', () => {
    expect(() => run('export const result = String.raw`a—b`;')).toThrow(/cannot escape[\s\S]*String\.raw`a—/);
    expect(() => run('export const result = "a\\—b";')).toThrow(/cannot escape/);
  });
});
