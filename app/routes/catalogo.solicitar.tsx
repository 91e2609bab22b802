import { Form, data, redirect, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import type { Route } from './+types/catalogo.solicitar';
import { Button } from '~/components/ui/button';
import { FormMessage, TextArea } from '~/components/ui/field';
import { ProposalFields } from '~/features/curation/components/proposal-fields';
import { createChangeRequest } from '~/features/curation/mutations.server';
import { getRequestTarget } from '~/features/curation/queries.server';
import type { ChangeRequestKind } from '~/features/curation/types';
import { NOTE_MAX, formFields, noteSchema, parseProposal, requestFormParams } from '~/features/curation/validation';
import { isFailure } from '~/lib/form-result';
import { failureFromError, formFailure, typedFields } from '~/server/forms.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Sugerir correção · Maratona' }];

async function targetOf(request: Request) {
  const params = requestFormParams.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!params.success) throw data(null, { status: 404 });
  const target = await getRequestTarget(params.data.kind, params.data.target);
  if (!target) throw data(null, { status: 404 });
  if ('title' in params.data && params.data.title) target.values.title = params.data.title.trim();
  return target;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireViewer({ request, context });
  return { target: await targetOf(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const target = await targetOf(request);
  const fields = typedFields(await request.formData());
  const proposal = parseProposal(target.kind, fields);
  const note = noteSchema.safeParse(fields.note ?? '');
  if (!proposal.ok || !note.success) {
    const fieldErrors: Record<string, string> = {
      ...(proposal.ok ? {} : proposal.fieldErrors),
      ...(note.success ? {} : { note: note.error.issues[0]?.message ?? '' }),
    };
    return formFailure(fields, fieldErrors._form ?? 'Confira os campos destacados.', fieldErrors);
  }
  try {
    const created = await createChangeRequest(viewer, { kind: target.kind, target: target.targetId, changes: proposal.changes, note: note.data });
    return redirect(`/catalogo/minhas-solicitacoes?enviada=${created.code}`);
  } catch (error) {
    return failureFromError(error, fields);
  }
}

const headings: Record<ChangeRequestKind, string> = {
  edition_edit: 'Sugerir correção',
  author_edit: 'Sugerir correção',
  new_edition: 'Pedir a inclusão de um livro',
  new_author: 'Pedir a inclusão de um autor',
  edition_cover: 'Enviar capa',
  duplicate: 'Informar duplicata',
};

export default function RequestForm({ loaderData, actionData }: Route.ComponentProps) {
  const { target } = loaderData;
  const failure = isFailure(actionData) ? actionData : undefined;
  const isEdit = target.kind === 'edition_edit' || target.kind === 'author_edit';
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="font-serif text-3xl font-bold">{headings[target.kind]}</h1>
      <p className="text-muted">
        {isEdit ? (
          <>
            Corrija os campos de <Link to={target.path ?? '/catalogo'}>{target.label}</Link>. Um curador confere antes de publicar, e você acompanha em{' '}
          </>
        ) : (
          <>Conte o que sabe do livro. Um curador confere antes de incluir, e você acompanha em </>
        )}
        <Link to="/catalogo/minhas-solicitacoes">Minhas solicitações</Link>.
      </p>
      <FormMessage>{failure?.formError}</FormMessage>
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <ProposalFields
          fields={formFields(target.kind)}
          values={target.values}
          typed={failure?.fields}
          errors={failure?.fieldErrors}
          seen={isEdit ? target.values : undefined}
        />
        <TextArea
          name="note"
          label="Observação para o curador (opcional)"
          hint="De onde vem a informação? Ficha da editora, foto da página de créditos…"
          maxLength={NOTE_MAX}
          defaultValue={failure?.fields.note ?? ''}
          error={failure?.fieldErrors.note}
        />
        <SubmitButton />
      </Form>
    </div>
  );
}

function SubmitButton() {
  const navigation = useNavigation();
  return (
    <Button type="submit" className="self-start" pending={navigation.state === 'submitting'}>
      Enviar solicitação
    </Button>
  );
}
