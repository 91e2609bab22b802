import { type ShouldRevalidateFunction, data } from 'react-router';
import { Link } from '~/components/link';
import type { Route } from './+types/denunciar';
import { FormMessage } from '~/components/ui/field';
import { ReportForm } from '~/features/moderation/components/report-form';
import { createReport } from '~/features/moderation/mutations.server';
import { getReportTarget } from '~/features/moderation/queries.server';
import { REPORTABLE_KIND_LABELS } from '~/features/moderation/reasons';
import { reportInput, reportPageParams } from '~/features/moderation/validation';
import { isFailure, isSuccess } from '~/lib/form-result';
import { sameSitePath } from '~/lib/same-site-path';
import { getEnv } from '~/server/env.server';
import { failureFromError, parseForm } from '~/server/forms.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Denunciar · Maratona' }, { name: 'robots', content: 'noindex' }];

/** ?tipo=…&id=… (the "Denunciar" links of lists): the thing and the form; what the reader may not see is a 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = reportPageParams.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!params.success) return { target: null };
  const viewer = await requireViewer({ request, context });
  const target = await getReportTarget(viewer, params.data.tipo, params.data.id);
  if (!target) throw data(null, { status: 404 });
  return { target: { ...target, kind: params.data.tipo, id: params.data.id } };
}

/**
 * Reporting from this page does not reload it: the form's answer shows in place, where a reload would swap it for
 * "Você já denunciou" (a whisper is reported once).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === '/denunciar' ? false : defaultShouldRevalidate;

/** Where every "Denunciar" form posts (features/moderation/components/report-form.tsx). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const formData = await request.formData();
  const back = sameSitePath(String(formData.get('voltar') ?? ''), getEnv().publicUrl) ?? '/';
  const parsed = parseForm(formData, reportInput);
  if (!parsed.ok) return parsed.failure;
  try {
    const { collapsed } = await createReport(viewer, parsed.value);
    // Reporting a whisper does not block (decision 0090): the thread's "Bloquear" is one tap away, and the answer says so.
    const whisper = parsed.value.kind === 'whisper' ? ' Se não quiser mais conversar com essa pessoa, use “Bloquear” na conversa.' : '';
    return {
      success: collapsed ? 'Sua denúncia foi atualizada. Obrigado por avisar.' : `Denúncia enviada. A moderação vai analisar. Obrigado por avisar.${whisper}`,
      back,
    };
  } catch (error) {
    return failureFromError(error, { ...parsed.fields, back });
  }
}

/** The form for a list's link; without JavaScript, also the outcome of any report and the way back. */
export default function Report({ loaderData, actionData }: Route.ComponentProps) {
  const { target } = loaderData;
  const back = actionData && 'back' in actionData ? String(actionData.back) : isFailure(actionData) ? (actionData.fields.back ?? '/') : (target?.link ?? '/');
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="font-serif text-3xl font-bold">Denunciar</h1>
      {isSuccess(actionData) ? <FormMessage tone="success">{actionData.success}</FormMessage> : null}
      {isFailure(actionData) ? (
        <FormMessage>{actionData.formError || Object.values(actionData.fieldErrors)[0] || 'Não foi possível enviar a denúncia.'}</FormMessage>
      ) : null}
      {target && !actionData ? (
        <>
          <figure className="flex flex-col gap-1 rounded-xl border border-line bg-surface p-4">
            <figcaption className="text-sm font-medium text-muted">{REPORTABLE_KIND_LABELS[target.kind]}</figcaption>
            <blockquote className="max-w-prose whitespace-pre-line">{target.excerpt}</blockquote>
          </figure>
          {target.kind === 'whisper' ? (
            <p className="text-sm text-muted">
              A moderação vai ler esta mensagem e as que estão perto dela na conversa — nada além disso. Cada leitura fica registrada.
            </p>
          ) : null}
          {target.mine ? (
            <p>Isso é seu: não dá para denunciar. Você pode editar ou apagar.</p>
          ) : target.reported ? (
            <p>{target.reported}</p>
          ) : (
            <ReportForm kind={target.kind} targetId={target.id} label="Denunciar" open back={target.link} />
          )}
        </>
      ) : null}
      {!actionData && !target ? <p>Para denunciar, use o botão “Denunciar” na página do que você quer denunciar.</p> : null}
      <Link to={back}>Voltar</Link>
    </div>
  );
}
