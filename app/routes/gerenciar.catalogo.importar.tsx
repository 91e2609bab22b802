import { redirect } from 'react-router';
import type { Route } from './+types/gerenciar.catalogo.importar';
import { ImportList, ImportUploadForm } from '~/features/curation/components/imports';
import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE, readUploadedText } from '~/features/curation/import-file';
import { createCatalogImport, listCatalogImports } from '~/features/curation/imports.server';
import { failureFromError, formFailure, typedFields } from '~/server/forms.server';
import { requireRole } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Importar edições · Gerenciar · Maratona' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, ['curator', 'admin']);
  return { imports: await listCatalogImports(viewer) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole({ request, context }, ['curator', 'admin']);
  const formData = await request.formData();
  const fields = typedFields(formData);
  const file = formData.get('arquivo');
  const pasted = fields.texto?.trim() ?? '';
  let upload: { fileName: string; text: string };
  if (file instanceof File && file.size > 0) {
    const read = await readUploadedText(file);
    if (!read.ok) return formFailure(fields, '', { arquivo: read.message });
    upload = { fileName: file.name, text: read.text };
  } else if (pasted) {
    if (new TextEncoder().encode(pasted).length > IMPORT_MAX_BYTES) return formFailure(fields, '', { arquivo: IMPORT_TOO_LARGE });
    upload = { fileName: 'Texto colado', text: pasted };
  } else {
    return formFailure(fields, '', { arquivo: 'Escolha um arquivo ou cole o conteúdo da planilha.' });
  }
  try {
    const { id } = await createCatalogImport(viewer, upload);
    return redirect(`/gerenciar/catalogo/importar/${id}`);
  } catch (error) {
    return failureFromError(error, fields);
  }
}

export default function ImportPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="font-serif text-3xl font-bold">Importar edições</h1>
      <p className="max-w-prose">
        Envie uma planilha de edições: primeiro você vê uma prévia do que acontece com cada linha — nada entra no catálogo antes de você confirmar. Edições que
        já estão no catálogo (mesmo ISBN) não são alteradas.
      </p>
      <ImportUploadForm result={actionData} />
      <section aria-labelledby="anteriores" className="flex flex-col gap-3">
        <h2 id="anteriores" className="font-serif text-xl font-semibold">
          Importações anteriores
        </h2>
        <ImportList imports={loaderData.imports} />
      </section>
    </div>
  );
}
