import { describe, expect, it } from 'vitest';
import { markdownPlainText, renderMarkdown, renderMarkdownExcerpt } from './markdown';

describe('renderMarkdown', () => {
  it('hides ||spoilers|| inline, with Markdown inside them', () => {
    expect(renderMarkdown('Antes ||o **fim** é triste|| depois')).toBe(
      '<p>Antes <span class="spoiler" tabindex="0" title="Spoiler">o <strong>fim</strong> é triste</span> depois</p>\n',
    );
    expect(renderMarkdown('sem || fim')).toBe('<p>sem || fim</p>\n');
  });

  it('drops raw HTML and scripts, also inside a spoiler, and marks links as user content', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n||<img src=x onerror=alert(1)>|| [site](https://exemplo.com) [mal](javascript:alert(1))');
    expect(html).not.toMatch(/<script|<img|onerror|javascript:/);
    expect(html).toContain('<a href="https://exemplo.com" rel="nofollow ugc noopener">site</a>');
  });

  it('keeps a link to a page of the site normalised and marked like any other, and turns one that leaves it into text', () => {
    expect(renderMarkdown('[termos](/u/joão/../../termos#uso)')).toBe('<p><a href="/termos#uso" rel="nofollow ugc noopener">termos</a></p>\n');
    // Backslash escapes are decoded before the address is judged.
    for (const href of ['/.//evil.example', '/\\evil.example', '\\/\\/evil.example', '/%2F/evil.example', '//evil.example']) {
      expect(renderMarkdown(`[x](${href})`)).toBe('<p>x</p>\n');
    }
  });
});

describe('renderMarkdownExcerpt', () => {
  it('cuts long texts with an ellipsis, never inside a spoiler, and leaves short ones whole', () => {
    expect(renderMarkdownExcerpt('Curto e **bom**.', 50)).toEqual({ html: '<p>Curto e <strong>bom</strong>.</p>\n', truncated: false });
    const cut = renderMarkdownExcerpt(`Um começo calmo. ||O assassino é o mordomo e todos sabiam||`, 40);
    expect(cut.truncated).toBe(true);
    expect(cut.html).not.toContain('assassino');
    expect(cut.html).toBe('<p>Um começo calmo.…</p>\n');
    expect(renderMarkdownExcerpt('palavra '.repeat(20), 30).html).toBe(`<p>${'palavra '.repeat(3).trimEnd()}…</p>\n`);
  });
});

describe('markdownPlainText', () => {
  it('keeps the words, drops the marks, and never shows a spoiler', () => {
    expect(markdownPlainText('Uma **LC por mês**, [encontros](https://x.com) e\n\n- listas\n- ||o fim do livro||')).toBe(
      'Uma LC por mês, encontros e listas [spoiler]',
    );
    expect(markdownPlainText('# Título\n\n> citação <b>x</b>')).toBe('Título citação x');
  });
});
