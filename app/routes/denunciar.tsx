import { Link } from 'react-router';
import type { Route } from './+types/denunciar';
import { FormMessage } from '~/components/ui/field';
import { createReport } from '~/features/moderation/mutations.server';
import { reportInput } from '~/features/moderation/validation';
import { isFailure, isSuccess } from '~/lib/form-result';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { getEnv } from '~/server/env.server';
import { failureFromError, parseForm } from '~/server/forms.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Denunciar — Maratona' }];

/** Where every "Denunciar" form posts (features/moderation/components/report-form.tsx). */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireViewer(request);
  const formData = await request.formData();
  const back = safeRedirectPath(String(formData.get('voltar') ?? ''), getEnv().publicUrl, '/');
  const parsed = parseForm(formData, reportInput);
  if (!parsed.ok) return parsed.failure;
  try {
    const { collapsed } = await createReport(viewer, parsed.value);
    return { success: collapsed ? 'Sua denúncia foi atualizada. Obrigado por avisar.' : 'Denúncia enviada. A moderação vai analisar. Obrigado por avisar.', back };
  } catch (error) {
    return failureFromError(error, { ...parsed.fields, back });
  }
}

/** Seen only without JavaScript (the form answers in place otherwise): the outcome and the way back. */
export default function Report({ actionData }: Route.ComponentProps) {
  const back = actionData && 'back' in actionData ? String(actionData.back) : isFailure(actionData) ? (actionData.fields.back ?? '/') : '/';
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="font-serif text-3xl font-bold">Denunciar</h1>
      {isSuccess(actionData) ? <FormMessage tone="success">{actionData.success}</FormMessage> : null}
      {isFailure(actionData) ? <FormMessage>{actionData.formError || Object.values(actionData.fieldErrors)[0] || 'Não foi possível enviar a denúncia.'}</FormMessage> : null}
      {!actionData ? <p>Para denunciar, use o botão “Denunciar” na página do que você quer denunciar.</p> : null}
      <Link to={back}>Voltar</Link>
    </div>
  );
}
