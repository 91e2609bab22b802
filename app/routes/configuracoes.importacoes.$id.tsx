import { redirect } from 'react-router';
import { Link } from '~/components/link';
import type { Route } from './+types/configuracoes.importacoes.$id';
import { FormMessage } from '~/components/ui/field';
import { ImportConfirm } from '~/features/imports/components/import-confirm';
import { ImportPreview } from '~/features/imports/components/import-preview';
import { ImportReport } from '~/features/imports/components/import-report';
import { acceptAllSuggestions, adjustReaderImport, confirmReaderImport, decideImportRow, discardReaderImport } from '~/features/imports/mutations.server';
import { assertOwnImport, readReaderImport } from '~/features/imports/queries.server';
import type { RowDecision } from '~/features/imports/types';
import { IMPORT_SOURCES } from '~/features/imports/sources';
import { importPreviewInput } from '~/features/imports/validation';
import { recordRefFromText } from '~/features/curation/validation';
import { isFailure, isSuccess } from '~/lib/form-result';
import { formatNumber } from '~/lib/format';
import { useRevalidateWhile } from '~/lib/use-revalidate-while';
import { failureFromError, formFailure, parseForm } from '~/server/forms.server';
import { orNotFound } from '~/server/errors';
import { requireViewer } from '~/server/viewer.server';
import { IMPORT_FIELDS } from '~/features/imports/vocabulary';

export const meta: Route.MetaFunction = () => [{ title: 'Importação · Configurações · Maratona' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  return { item: await orNotFound(readReaderImport(viewer, params.id)), now: Date.now() };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  await orNotFound(assertOwnImport(viewer, params.id));
  const parsed = parseForm(await request.formData(), importPreviewInput);
  if (!parsed.ok) return parsed.failure;
  const input = parsed.value;
  try {
    if (input.intent === 'confirmar') {
      await confirmReaderImport(viewer, params.id, { noStatus: input.sem_status, shelfVisibility: input.estantes_visibilidade });
      return redirect(`/configuracoes/importacoes/${params.id}`);
    }
    if (input.intent === 'aceitar-todas') {
      await acceptAllSuggestions(viewer, params.id);
      return { success: 'Confirmamos todas as sugestões.' };
    }
    if (input.intent === 'decidir') {
      let decision: RowDecision = { kind: input.escolha === 'esta' ? 'accept' : 'new' };
      if (input.escolha === 'outra') {
        const editionId = recordRefFromText('edition', input.edicao ?? '');
        if (!editionId) return formFailure(parsed.fields, '', { [`edicao_${input.linha}`]: 'Cole o endereço da página do livro no Maratona (/ed/…).' });
        decision = { kind: 'other', editionId };
      }
      await decideImportRow(viewer, params.id, input.linha, decision);
      return { success: `Linha ${input.linha}: anotado.` };
    }
    if (input.intent === 'descartar') {
      await discardReaderImport(viewer, params.id);
      return redirect('/configuracoes/importar');
    }
    if (!input.coluna_title) return formFailure(parsed.fields, '', { coluna_title: 'Escolha a coluna que traz o título dos livros.' });
    const mapping = Object.fromEntries(IMPORT_FIELDS.map((field) => [field, input[`coluna_${field}`] ?? '']));
    await adjustReaderImport(viewer, params.id, { mapping, dateOrder: input.ordem });
    return { success: 'Lemos o arquivo de novo com as suas escolhas.' };
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}

const PROGRESS_POLL_MS = 2000;

export default function ImportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { item } = loaderData;
  // While the job writes the rows, the page asks again every two seconds: the bar moves by itself.
  useRevalidateWhile(item.status === 'queued', PROGRESS_POLL_MS);

  const source = IMPORT_SOURCES[item.source].name;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <p className="text-sm">
          <Link to="/configuracoes/importar">Importar sua estante</Link>
        </p>
        <h1 className="font-serif text-3xl font-bold">
          {item.status === 'preview' ? 'Prévia da importação' : item.status === 'queued' ? 'Importando seus livros' : 'Importação concluída'}
        </h1>
        <p className="text-muted">
          {item.fileName} · exportação do {source} · {formatNumber(item.total)} {item.total === 1 ? 'linha' : 'linhas'}
        </p>
      </header>
      {isFailure(actionData) && actionData.formError ? <FormMessage>{actionData.formError}</FormMessage> : null}
      {isSuccess(actionData) ? <FormMessage tone="success">{actionData.success}</FormMessage> : null}
      {item.status === 'preview' ? (
        <>
          <ImportPreview item={item} result={actionData} />
          <ImportConfirm item={item} result={actionData} />
        </>
      ) : (
        <ImportReport item={item} now={loaderData.now} />
      )}
    </div>
  );
}
