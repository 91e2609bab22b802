import { z } from 'zod';
import type { Route } from './+types/catalogo.minhas-solicitacoes';
import { FormMessage } from '~/components/ui/field';
import { Pagination } from '~/components/ui/pagination';
import { MyRequests } from '~/features/curation/components/my-requests';
import { withdrawChangeRequest } from '~/features/curation/mutations.server';
import { listMyChangeRequests } from '~/features/curation/queries.server';
import { requestCodeParam } from '~/features/curation/validation';
import { isFailure, isSuccess } from '~/lib/form-result';
import { failureFromError, parseForm } from '~/server/forms.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Minhas solicitações · Maratona' }];

const pageParams = z.object({ pagina: z.coerce.number().int().min(1).max(1000).catch(1).default(1), enviada: requestCodeParam.optional().catch(undefined) });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  const url = new URL(request.url);
  const params = pageParams.parse(Object.fromEntries(url.searchParams));
  return { sent: params.enviada ?? null, search: url.search, requests: await listMyChangeRequests(viewer, params.pagina) };
}

const withdrawInput = z.object({ intent: z.literal('retirar', { error: 'Ação desconhecida.' }), codigo: requestCodeParam });

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const parsed = parseForm(await request.formData(), withdrawInput);
  if (!parsed.ok) return parsed.failure;
  try {
    await withdrawChangeRequest(viewer, parsed.value.codigo);
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
  return { success: `Solicitação ${parsed.value.codigo} retirada.` };
}

export default function MyChangeRequests({ loaderData, actionData }: Route.ComponentProps) {
  const { requests, sent } = loaderData;
  const sentRequest = sent ? requests.items.find((r) => r.code === sent) : undefined;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 className="font-serif text-3xl font-bold">Minhas solicitações</h1>
      {sentRequest && !isSuccess(actionData) ? (
        <FormMessage tone="success">
          {sentRequest.status === 'approved'
            ? `Solicitação ${sent} aplicada direto no catálogo.`
            : `Recebemos a solicitação ${sent}. Avisamos quando um curador responder.`}
        </FormMessage>
      ) : null}
      {isSuccess(actionData) ? <FormMessage tone="success">{actionData.success}</FormMessage> : null}
      {isFailure(actionData) ? <FormMessage>{actionData.formError || Object.values(actionData.fieldErrors)[0]}</FormMessage> : null}
      <MyRequests requests={requests.items} />
      <Pagination page={requests.page} pageSize={requests.pageSize} total={requests.total} search={loaderData.search} />
    </div>
  );
}
