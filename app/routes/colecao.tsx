import { Form } from 'react-router';
import { Link } from '~/components/link';
import type { Route } from './+types/colecao';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { Pagination } from '~/components/ui/pagination';
import { CATALOG_CACHE_TAG } from '~/features/catalog/cache';
import { CollectionList } from '~/features/catalog/components/collection-list';
import { COLLECTIONS_PAGE_SIZE } from '~/features/catalog/limits';
import { listCollections } from '~/features/catalog/queries.server';
import { catalogSearchParams } from '~/features/catalog/validation';
import { publicPageHeaders } from '~/server/cache-headers';

export const headers = publicPageHeaders([CATALOG_CACHE_TAG]);

export const meta: Route.MetaFunction = () => [
  { title: 'Coleções e séries · Maratona' },
  { name: 'description', content: 'Séries, coleções editoriais e boxes, com os volumes em ordem.' },
];

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { q, pagina } = catalogSearchParams.pick({ q: true, pagina: true }).parse(Object.fromEntries(url.searchParams));
  return { q, page: pagina, search: url.search, ...(await listCollections(q, pagina)) };
}

export default function Collections({ loaderData }: Route.ComponentProps) {
  const { q, page, search, items, total } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="font-serif text-3xl font-bold">Coleções e séries</h1>
      <Form method="get" role="search" className="flex items-end gap-2">
        <div className="flex-1">
          <TextField label="Buscar coleções" name="q" type="search" defaultValue={q} placeholder="Ex.: Os Pensadores, One Piece" maxLength={100} />
        </div>
        <Button type="submit">Buscar</Button>
      </Form>
      {items.length === 0 ? (
        <p className="text-muted">
          {q ? `Nenhuma coleção com “${q}”.` : 'Ainda não há coleções no catálogo.'} <Link to="/catalogo">Busque livros no catálogo</Link>.
        </p>
      ) : (
        <CollectionList collections={items} />
      )}
      <Pagination page={page} pageSize={COLLECTIONS_PAGE_SIZE} total={total} search={search} />
    </div>
  );
}
