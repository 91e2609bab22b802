import { redirect } from 'react-router';
import { Link } from '~/components/link';
import type { Route } from './+types/estantes';
import { buttonClass } from '~/components/ui/button';
import { Pagination } from '~/components/ui/pagination';
import { ShelfForm } from '~/features/reading/components/shelf-form';
import { ShelfList } from '~/features/reading/components/shelf-list';
import { MAX_SHELVES_PER_READER } from '~/features/reading/shelves/policy';
import { listMyShelves, listPublicShelves } from '~/features/reading/shelves/custom-shelf-queries.server';
import { createShelf } from '~/features/reading/shelves/custom-shelves.server';
import { shelfInput, shelvesPageParams } from '~/features/reading/shelves/validation';
import { failureFromError, parseForm } from '~/server/forms.server';
import { getViewer, requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Estantes · Maratona' }];

/** My custom shelves (signed in) and other readers' public ones to discover. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer({ request, context });
  const url = new URL(request.url);
  const { pagina } = shelvesPageParams.parse(Object.fromEntries(url.searchParams));
  const [mine, discover] = await Promise.all([viewer ? listMyShelves(viewer) : null, listPublicShelves(viewer, pagina)]);
  return { mine, discover, search: url.search };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const parsed = parseForm(await request.formData(), shelfInput);
  if (!parsed.ok) return parsed.failure;
  try {
    return redirect(`/estante/${await createShelf(viewer, parsed.value)}`);
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}

export default function ShelvesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mine, discover } = loaderData;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      <h1 className="font-serif text-3xl font-bold">Estantes</h1>
      {mine ? (
        <section aria-labelledby="minhas" className="flex flex-col gap-3">
          <h2 id="minhas" className="font-serif text-2xl font-semibold">
            Minhas estantes
          </h2>
          {mine.length > 0 ? <ShelfList shelves={mine} /> : <p>Separe seus livros do jeito que quiser: “Favoritos da vida”, “Para o clube”, “Releituras”…</p>}
          {mine.length < MAX_SHELVES_PER_READER ? (
            <details open={mine.length === 0 || actionData !== undefined} className="rounded-xl border border-line bg-surface p-4">
              <summary className="min-h-11 cursor-pointer py-2 font-semibold">Nova estante</summary>
              <ShelfForm intent="criar" result={actionData} submitLabel="Criar estante" />
            </details>
          ) : (
            <p className="text-muted">Você chegou ao limite de {MAX_SHELVES_PER_READER} estantes.</p>
          )}
        </section>
      ) : (
        <p>
          <Link to="/auth/signin?callbackUrl=%2Festantes" className={buttonClass('primary')}>
            Entrar para criar suas estantes
          </Link>
        </p>
      )}
      <section aria-labelledby="descobrir" className="flex flex-col gap-3">
        <h2 id="descobrir" className="font-serif text-2xl font-semibold">
          Descobrir estantes
        </h2>
        {discover.items.length > 0 ? <ShelfList shelves={discover.items} /> : <p className="text-muted">Ainda não há estantes públicas de outros leitores.</p>}
        <Pagination page={discover.page} pageSize={discover.pageSize} total={discover.total} search={loaderData.search} />
      </section>
    </div>
  );
}
