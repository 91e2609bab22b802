import { Form, data, redirect, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import { z } from 'zod';
import type { Route } from './+types/catalogo.solicitar.capa';
import { Button } from '~/components/ui/button';
import { FormMessage, TextArea, TextField } from '~/components/ui/field';
import { EditionCover } from '~/features/catalog/components/edition-cover';
import { getEdition } from '~/features/catalog/queries.server';
import { createCoverRequest } from '~/features/curation/cover-requests.server';
import { COVER_INPUT, NOTE_MAX, noteSchema } from '~/features/curation/validation';
import { isFailure } from '~/lib/form-result';
import { failureFromError, formFailure, typedFields } from '~/server/forms.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Enviar capa · Maratona' }];

const params = z.object({ edicao: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

async function editionOf(request: Request) {
  const parsed = params.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const edition = parsed.success ? await getEdition(parsed.data.edicao) : null;
  if (!edition) throw data(null, { status: 404 });
  return edition;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireViewer({ request, context });
  const edition = await editionOf(request);
  return { edition: { id: edition.id, title: edition.title, authors: edition.authors, coverUrl: edition.coverUrl } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const edition = await editionOf(request);
  const formData = await request.formData();
  const fields = typedFields(formData);
  const file = formData.get(COVER_INPUT);
  const note = noteSchema.safeParse(fields.note ?? '');
  if (!note.success) return formFailure(fields, '', { note: note.error.issues[0]?.message ?? '' });
  if (!(file instanceof File) || file.size === 0) return formFailure(fields, '', { [COVER_INPUT]: 'Escolha uma imagem.' });
  try {
    const created = await createCoverRequest(viewer, { editionId: edition.id, seen: fields['visto.capa'] || null, file, note: note.data });
    return redirect(`/catalogo/minhas-solicitacoes?enviada=${created.code}`);
  } catch (error) {
    return failureFromError(error, fields);
  }
}

export default function CoverRequestForm({ loaderData, actionData }: Route.ComponentProps) {
  const { edition } = loaderData;
  const failure = isFailure(actionData) ? actionData : undefined;
  const navigation = useNavigation();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="font-serif text-3xl font-bold">{edition.coverUrl ? 'Sugerir outra capa' : 'Enviar capa'}</h1>
      <div className="flex items-start gap-4">
        <EditionCover edition={edition} size="md" />
        <p className="text-muted">
          Capa de <Link to={`/ed/${edition.id}`}>{edition.title}</Link>. Envie uma foto ou imagem da capa desta edição: um curador confere antes de publicar, e
          só você e os curadores veem a imagem até lá. Acompanhe em <Link to="/catalogo/minhas-solicitacoes">Minhas solicitações</Link>.
        </p>
      </div>
      <FormMessage>{failure?.formError}</FormMessage>
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="visto.capa" value={edition.coverUrl ?? ''} />
        <TextField
          type="file"
          name={COVER_INPUT}
          label="Imagem da capa"
          accept="image/jpeg,image/png,image/webp,image/gif"
          hint="JPEG, PNG, WebP ou GIF, até 5 MB. De frente, sem cortes."
          error={failure?.fieldErrors[COVER_INPUT]}
        />
        <TextArea
          name="note"
          label="Observação para o curador (opcional)"
          hint="De onde vem a imagem? Foto do seu exemplar, site da editora…"
          maxLength={NOTE_MAX}
          defaultValue={failure?.fields.note ?? ''}
          error={failure?.fieldErrors.note}
        />
        <Button type="submit" className="self-start" pending={navigation.state === 'submitting'}>
          Enviar capa
        </Button>
      </Form>
    </div>
  );
}
