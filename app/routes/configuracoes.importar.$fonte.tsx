import { data } from 'react-router';
import { Link } from '~/components/link';
import { z } from 'zod';
import type { Route } from './+types/configuracoes.importar.$fonte';
import { ImportUploadForm } from '~/features/imports/components/import-upload';
import { IMPORT_SOURCES, IMPORT_SOURCE_SLUGS } from '~/features/imports/sources';
import { uploadReaderImport } from '~/features/imports/upload.server';
import { requireViewer } from '~/server/viewer.server';

const params = z.object({ fonte: z.enum(IMPORT_SOURCE_SLUGS as [string, ...string[]]) });

/** The source named by the URL, or 404 for anything else. */
function sourceOf(raw: Record<string, string | undefined>) {
  const parsed = params.safeParse(raw);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data.fonte as keyof typeof IMPORT_SOURCES;
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `Importar do ${loaded ? IMPORT_SOURCES[loaded.source].name : 'outro site'} · Configurações · Maratona` },
];

export async function loader({ request, params: raw, context }: Route.LoaderArgs) {
  await requireViewer({ request, context });
  return { source: sourceOf(raw) };
}

export async function action({ request, params: raw, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  sourceOf(raw);
  return uploadReaderImport(viewer, request);
}

export default function ImportFromSource({ loaderData, actionData }: Route.ComponentProps) {
  const source = IMPORT_SOURCES[loaderData.source];
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <p className="text-sm">
          <Link to="/configuracoes/importar">Importar sua estante</Link>
        </p>
        <h1 className="font-serif text-3xl font-bold">Importar do {source.name}</h1>
      </header>
      <section aria-labelledby="como-exportar" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
        <h2 id="como-exportar" className="font-serif text-xl font-bold">
          Como conseguir o arquivo
        </h2>
        <ol className="flex list-decimal flex-col gap-2 pl-5">
          {source.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <ImportUploadForm result={actionData} title={`Enviar ${source.file}`} />
    </div>
  );
}
