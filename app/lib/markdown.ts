import { Marked, type Tokens } from 'marked';

/**
 * The safe Markdown subset of PRODUCT.md §1.6: raw HTML is dropped (never passed through), links get
 * rel="nofollow ugc noopener", and only http(s), mailto and site-relative links survive.
 */
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const marked = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    html: () => '',
    image: ({ text }: Tokens.Image) => escapeHtml(text),
    link(this: { parser: { parseInline: (tokens: Tokens.Link['tokens']) => string } }, { href, title, tokens }: Tokens.Link) {
      const text = this.parser.parseInline(tokens);
      if (!/^(https?:|mailto:|\/(?!\/))/i.test(href)) return text;
      const external = !href.startsWith('/');
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
      return `<a href="${escapeHtml(href)}"${titleAttr}${external ? ' rel="nofollow ugc noopener"' : ''}>${text}</a>`;
    },
  },
});

export function renderMarkdown(source: string): string {
  return marked.parse(source, { async: false });
}
