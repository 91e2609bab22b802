import { Prose } from '~/components/ui/prose';

/** A page of the site's own Markdown content (policy, terms). */
export function ContentPage({ title, html }: { title: string; html: string }) {
  return (
    <article>
      <h1 className="mb-6 font-serif text-3xl font-bold">{title}</h1>
      <Prose html={html} />
    </article>
  );
}
