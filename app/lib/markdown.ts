import { LRUCache } from 'lru-cache';
import { Marked, type Tokens } from 'marked';
import { sameSitePath } from './same-site-path';

/**
 * The safe Markdown subset of PRODUCT.md §1.6: raw HTML is dropped (never passed through), links get
 * rel="nofollow ugc noopener", and only http(s), mailto and site-relative links survive. `||texto||` is a
 * spoiler: hidden until the reader hovers, focuses or taps it (CSS `.spoiler`).
 */
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A site-relative link lands on the same path whatever the origin, so any origin serves as the base the URL
 * parser needs: the text is rendered without knowing which address its page will be served from.
 */
const SITE_RELATIVE_BASE = 'https://maratona.invalid';

type SpoilerToken = Tokens.Generic & { tokens: Tokens.Generic[] };

const spoiler = {
  name: 'spoiler',
  level: 'inline' as const,
  start: (src: string) => src.indexOf('||'),
  tokenizer(this: { lexer: { inlineTokens: (src: string) => Tokens.Generic[] } }, src: string): SpoilerToken | undefined {
    const match = /^\|\|(?=\S)([\s\S]*?\S)\|\|/.exec(src);
    if (!match?.[1]) return undefined;
    return { type: 'spoiler', raw: match[0], tokens: this.lexer.inlineTokens(match[1]) };
  },
  renderer(this: { parser: { parseInline: (tokens: Tokens.Generic[]) => string } }, token: Tokens.Generic) {
    return `<span class="spoiler" tabindex="0" title="Spoiler">${this.parser.parseInline((token as SpoilerToken).tokens)}</span>`;
  },
};

const marked = new Marked({
  extensions: [spoiler],
  gfm: true,
  breaks: false,
  renderer: {
    html: () => '',
    image: ({ text }: Tokens.Image) => escapeHtml(text),
    link(this: { parser: { parseInline: (tokens: Tokens.Link['tokens']) => string } }, { href, title, tokens }: Tokens.Link) {
      const text = this.parser.parseInline(tokens);
      const target = /^(https?:|mailto:)/i.test(href) ? href : href.startsWith('/') ? sameSitePath(href, SITE_RELATIVE_BASE) : null;
      if (target === null) return text;
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
      // Links to our own pages too: the text is a reader's, and the site vouches for none of its links.
      return `<a href="${escapeHtml(target)}"${titleAttr} rel="nofollow ugc noopener">${text}</a>`;
    },
  },
});

/**
 * Texts rendered lately, by their source: a club's description or a post's excerpt is rendered once, not on every
 * page view (marked took ~12 % of a signed-in /posts page's CPU). Bounded by characters held, source and HTML.
 */
const rendered = new LRUCache<string, string>({ maxSize: 8_000_000, sizeCalculation: (html, source) => html.length + source.length + 1 });

export function renderMarkdown(source: string): string {
  const cached = rendered.get(source);
  if (cached !== undefined) return cached;
  const html = marked.parse(source, { async: false });
  rendered.set(source, html);
  return html;
}

/**
 * The start of a text, rendered: cut at `length` characters (at a space when there is one near), with "…". A cut
 * inside a spoiler ends before the spoiler opens, so its words never show unhidden in an excerpt.
 */
export function renderMarkdownExcerpt(source: string, length: number): { html: string; truncated: boolean } {
  if (source.length <= length) return { html: renderMarkdown(source), truncated: false };
  let cut = source.slice(0, length);
  const space = cut.lastIndexOf(' ');
  if (space > length * 0.6) cut = cut.slice(0, space);
  if ((cut.match(/\|\|/g)?.length ?? 0) % 2 === 1) cut = cut.slice(0, cut.lastIndexOf('||'));
  return { html: renderMarkdown(`${cut.trimEnd()}…`), truncated: true };
}

type WalkedToken = Tokens.Generic & { tokens?: WalkedToken[]; items?: WalkedToken[]; text?: string };
const BLOCKS = new Set(['paragraph', 'heading', 'list_item', 'space', 'blockquote', 'code', 'hr', 'br']);

/**
 * A text's words without its Markdown, for a one-line summary (a club's card): links keep their words, a spoiler
 * becomes "[spoiler]" so it never shows unhidden, raw HTML is dropped.
 */
export function markdownPlainText(source: string): string {
  const words: string[] = [];
  const walk = (tokens: readonly WalkedToken[]) => {
    for (const token of tokens) {
      if (token.type === 'spoiler') words.push('[spoiler]');
      else if (token.type === 'html' || token.type === 'image') continue;
      else if (token.items) walk(token.items);
      else if (token.tokens) walk(token.tokens);
      else if (token.text) words.push(token.text);
      if (BLOCKS.has(token.type)) words.push(' ');
    }
  };
  walk(marked.lexer(source) as WalkedToken[]);
  return words.join('').replace(/\s+/g, ' ').trim();
}
