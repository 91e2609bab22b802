/** Shows HTML produced by renderMarkdown() — the only HTML the app renders unescaped. */
export function Prose({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`prose-maratona ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
