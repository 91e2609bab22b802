import { Form, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import type { Route } from './+types/gerenciar.catalogo.pendentes';
import { Button } from '~/components/ui/button';
import { FormMessage } from '~/components/ui/field';
import { Pagination } from '~/components/ui/pagination';
import { listPendingEditions, markEditionReviewed } from '~/features/curation/pending.server';
import { pendingParams, pendingReviewInput } from '~/features/curation/validation';
import { isFailure, isSuccess } from '~/lib/form-result';
import { formatDateTime, formatNumber } from '~/lib/format';
import { failureFromError, parseForm } from '~/server/forms.server';
import { requireRole } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Edições pendentes · Gerenciar · Maratona' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, ['curator', 'admin']);
  const url = new URL(request.url);
  const { pagina } = pendingParams.parse({ pagina: url.searchParams.get('pagina') ?? undefined });
  return { queue: await listPendingEditions(viewer, pagina), search: url.search };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole({ request, context }, ['curator', 'admin']);
  const parsed = parseForm(await request.formData(), pendingReviewInput);
  if (!parsed.ok) return parsed.failure;
  try {
    await markEditionReviewed(viewer, parsed.value.id);
    return { success: 'Edição revisada: ela saiu da fila.' };
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}

export default function PendingEditions({ loaderData, actionData }: Route.ComponentProps) {
  const { queue } = loaderData;
  const navigation = useNavigation();
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        <Link to="/gerenciar/catalogo">← Catálogo</Link>
      </p>
      <h1 className="font-serif text-3xl font-bold">Edições pendentes</h1>
      <p className="max-w-prose text-muted">
        Livros que leitores importaram do Goodreads, do StoryGraph ou de uma planilha e que não achamos no catálogo. Eles já estão nas estantes de quem
        importou: complete os dados que faltam, mescle com a edição que já existia ou marque como revisada.
      </p>
      {isSuccess(actionData) ? <FormMessage tone="success">{actionData.success}</FormMessage> : null}
      {isFailure(actionData) ? <FormMessage>{actionData.formError || Object.values(actionData.fieldErrors)[0]}</FormMessage> : null}
      <p className="text-sm text-muted" aria-live="polite">
        {queue.total === 1 ? '1 edição pendente' : `${formatNumber(queue.total)} edições pendentes`}
      </p>
      {queue.items.length ? (
        <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-surface">
          {queue.items.map((edition) => (
            <li key={edition.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <Link to={`/ed/${edition.id}`} className="font-semibold">
                  {edition.title}
                </Link>
                {edition.authors.length ? <span className="text-muted"> — {edition.authors.join(', ')}</span> : null}
                <p className="text-sm text-muted">
                  {edition.isbn13 ? `ISBN ${edition.isbn13} · ` : 'Sem ISBN · '}
                  {edition.readersCount === 1 ? '1 leitor' : `${formatNumber(edition.readersCount)} leitores`} · desde {formatDateTime(edition.pendingSince)}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <Link to={`/gerenciar/catalogo/mesclar?tipo=edicao&mesclar=${edition.id}`}>
                  Mesclar<span className="sr-only"> {edition.title}</span>
                </Link>
                <Form method="post">
                  <input type="hidden" name="id" value={edition.id} />
                  <Button type="submit" name="intent" value="revisada" variant="secondary" disabled={navigation.state !== 'idle'}>
                    Revisada<span className="sr-only"> {edition.title}</span>
                  </Button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p>Nenhuma edição esperando revisão.</p>
      )}
      <Pagination page={queue.page} pageSize={queue.pageSize} total={queue.total} search={loaderData.search} />
    </div>
  );
}
