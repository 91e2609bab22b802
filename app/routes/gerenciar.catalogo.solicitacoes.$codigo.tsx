import { data, redirect } from 'react-router';
import type { Route } from './+types/gerenciar.catalogo.solicitacoes.$codigo';
import { RequestReview } from '~/features/curation/components/request-review';
import { approveChangeRequest, rejectChangeRequest } from '~/features/curation/mutations.server';
import { getChangeRequestForReview } from '~/features/curation/queries.server';
import { parseCuratorValues, requestCodeParam, reviewInput } from '~/features/curation/validation';
import { failureFromError, formFailure, parseForm } from '~/server/forms.server';
import { requireRole, type ViewerArgs } from '~/server/viewer.server';

export const meta: Route.MetaFunction = ({ params }) => [{ title: `${params.codigo} · Solicitações · Maratona` }];

async function reviewOr404(args: ViewerArgs, rawCode: string | undefined) {
  const viewer = await requireRole(args, ['curator', 'admin']);
  const code = requestCodeParam.safeParse(rawCode);
  const review = code.success ? await getChangeRequestForReview(viewer, code.data) : null;
  if (!review) throw data(null, { status: 404 });
  return { viewer, review };
}

const fieldsOf = (review: { changes: { field: string }[] }) => review.changes.map((c) => c.field);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { review } = await reviewOr404({ request, context }, params.codigo);
  return { review };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { viewer, review } = await reviewOr404({ request, context }, params.codigo);
  const formData = await request.formData();
  const parsed = parseForm(formData, reviewInput);
  if (!parsed.ok) return parsed.failure;
  const input = parsed.value;
  try {
    if (input.intent === 'rejeitar') {
      await rejectChangeRequest(viewer, review.code, input.reason);
    } else if (input.intent === 'mesclar') {
      await approveChangeRequest(viewer, review.code, { answer: input.answer, survivorId: input.sobrevivente });
    } else if (review.kind === 'duplicate') {
      return formFailure(parsed.fields, 'Escolha qual registro fica e use “Aprovar e mesclar”.');
    } else if (input.intent === 'aprovar') {
      // The proposal is checked again by today's rules: an error shows in its row of the diff.
      const proposal = parseCuratorValues(review.kind, fieldsOf(review), Object.fromEntries(review.changes.map((c) => [c.field, c.after ?? ''])));
      if (!proposal.ok)
        return formFailure(
          parsed.fields,
          'A proposta tem valores que não podem entrar no catálogo: corrija em “Editar antes de aprovar” ou rejeite.',
          proposal.fieldErrors,
        );
      await approveChangeRequest(viewer, review.code, { answer: input.answer });
    } else {
      const edited = parseCuratorValues(review.kind, fieldsOf(review), parsed.fields);
      if (!edited.ok) return formFailure(parsed.fields, 'Confira os campos destacados.', edited.fieldErrors);
      await approveChangeRequest(viewer, review.code, { answer: input.answer, edited: edited.values });
    }
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
  return redirect(`/gerenciar/catalogo/solicitacoes/${review.code}`);
}

export default function ReviewRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <RequestReview review={loaderData.review} result={actionData} />;
}
