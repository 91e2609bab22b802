import { Link } from '~/components/link';
import type { Route } from './+types/configuracoes.importar';
import { ImportList } from '~/features/imports/components/import-list';
import { ImportUploadForm } from '~/features/imports/components/import-upload';
import { listReaderImports } from '~/features/imports/queries.server';
import { IMPORT_SOURCES, IMPORT_SOURCE_SLUGS } from '~/features/imports/sources';
import { uploadReaderImport } from '~/features/imports/upload.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Importar sua estante · Configurações · Maratona' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  return { imports: await listReaderImports(viewer) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  return uploadReaderImport(viewer, request);
}

export default function ImportHub({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="font-serif text-3xl font-bold">Importar sua estante</h1>
        <p className="text-muted">
          Traga seus anos de leitura de outro site: status, notas, datas de cada leitura, resenhas, estantes e livros que você tem. Importar o mesmo arquivo
          duas vezes não duplica nada.
        </p>
      </header>
      <nav aria-labelledby="de-onde" className="flex flex-col gap-3">
        <h2 id="de-onde" className="font-serif text-xl font-bold">
          De onde vêm seus livros?
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          {IMPORT_SOURCE_SLUGS.map((slug) => (
            <li key={slug}>
              <Link
                to={`/configuracoes/importar/${slug}`}
                className="flex min-h-11 flex-col rounded-xl border border-line bg-surface p-4 font-semibold no-underline hover:border-accent"
              >
                {IMPORT_SOURCES[slug].name}
                <span className="text-sm font-normal text-muted">Como exportar e importar</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ImportUploadForm result={actionData} title="Já tem o arquivo?" />
      <section aria-labelledby="anteriores" className="flex flex-col gap-3">
        <h2 id="anteriores" className="font-serif text-xl font-bold">
          Suas importações
        </h2>
        <ImportList imports={loaderData.imports} />
      </section>
    </div>
  );
}
