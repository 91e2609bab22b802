import { data } from 'react-router';
import type { Route } from './+types/lc.$identificador.livros';
import { Link } from '~/components/link';
import { AuthorLinks } from '~/features/catalog/components/edition-list';
import { EditionCover } from '~/features/catalog/components/edition-cover';
import { GroupReadHeader } from '~/features/lcs/components/group-read-header';
import { groupReadPageHeaders, loadGroupReadForRoute } from '~/features/lcs/page.server';
import { listBooks } from '~/features/lcs/queries.server';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';

export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [{ title: `Livros · ${data.lc.title} · LC · Maratona` }] : [{ title: 'LC não encontrada · Maratona' }];

/** The LC's books, in the order they are read. */
export async function loader(args: Route.LoaderArgs) {
  const lc = await loadGroupReadForRoute(args);
  return data({ lc, books: await listBooks(lc.id) }, { headers: groupReadPageHeaders(lc) });
}

export default function BooksPage({ loaderData }: Route.ComponentProps) {
  const { lc, books } = loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <GroupReadHeader lc={lc} current="livros" />
      <section aria-labelledby="livros" className="flex flex-col gap-3">
        <h2 id="livros" className="font-serif text-xl font-semibold">
          {books.length === 1 ? 'O livro' : `Os ${books.length} livros, na ordem da leitura`}
        </h2>
        <ol className="flex flex-col gap-3">
          {books.map((book) => (
            <li key={book.id} className="flex gap-3 rounded-xl border border-line bg-surface p-3">
              <EditionCover edition={book} size="sm" />
              <div className="flex flex-col gap-1">
                <Link to={`/ed/${book.id}`} className="font-serif text-lg font-semibold">
                  {book.title}
                </Link>
                <p className="text-sm">
                  <AuthorLinks authors={book.authors} />
                </p>
                {book.pages ? <span className="text-sm text-muted">{book.pages.toLocaleString('pt-BR')} páginas</span> : null}
              </div>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
