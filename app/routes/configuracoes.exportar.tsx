import { Form, useNavigation } from 'react-router';
import type { Route } from './+types/configuracoes.exportar';
import { Button, buttonClass } from '~/components/ui/button';
import { FormMessage } from '~/components/ui/field';
import { ARCHIVE_LIFETIME_DAYS, type ExportFileSummary, listExportFiles, requestExportFile } from '~/features/export/archive.server';
import { CSV_ON_REQUEST_MAX, countShelfEntries } from '~/features/export/goodreads-csv.server';
import { isFailure, isSuccess } from '~/lib/form-result';
import { formatBytes, formatDateTime, formatNumber } from '~/lib/format';
import { useRevalidateWhile } from '~/lib/use-revalidate-while';
import { failureFromError, formFailure } from '~/server/forms.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Exportar seus dados · Configurações · Maratona' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  const [entries, files] = await Promise.all([countShelfEntries(viewer), listExportFiles(viewer)]);
  return { entries, onRequestMax: CSV_ON_REQUEST_MAX, archive: files.archive, csv: files.goodreads_csv, lifetimeDays: ARCHIVE_LIFETIME_DAYS };
}

const INTENTS = { arquivo: 'archive', csv: 'goodreads_csv' } as const;

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const formData = await request.formData();
  const intent = String(formData.get('intent'));
  if (!Object.hasOwn(INTENTS, intent)) return formFailure({}, 'Ação desconhecida.');
  const kind = INTENTS[intent as keyof typeof INTENTS];
  try {
    await requestExportFile(viewer, kind);
    return {
      intent,
      success: `Estamos preparando seu ${kind === 'archive' ? 'arquivo' : 'CSV'}. Ele aparece aqui quando estiver pronto, em geral em menos de um minuto.`,
    };
  } catch (error) {
    return failureFromError(error, { intent });
  }
}

const ARCHIVE_POLL_MS = 3000;

/** Which section an answer of the action belongs to: its intent, kept in the answer. */
function answerOf(actionData: unknown, intent: string) {
  if (isSuccess(actionData) && 'intent' in actionData && actionData.intent === intent) return { success: actionData.success };
  if (isFailure(actionData) && actionData.fields.intent === intent && actionData.formError) return { error: actionData.formError };
  return null;
}

/** The files a job prepared (or is preparing), each with its link, and the button to ask for another. */
function PreparedFiles({
  files,
  nextAllowedAt,
  intent,
  noun,
  label,
  fileLabel,
  answer,
}: {
  files: ExportFileSummary[];
  nextAllowedAt: string | null;
  intent: string;
  noun: string;
  label: string;
  fileLabel: string;
  answer: ReturnType<typeof answerOf>;
}) {
  const navigation = useNavigation();
  const preparing = files.some((a) => a.status === 'pending');
  return (
    <>
      {answer?.success && preparing ? <FormMessage tone="success">{answer.success}</FormMessage> : null}
      {answer?.error ? <FormMessage>{answer.error}</FormMessage> : null}
      {files.length ? (
        <ul className="flex flex-col gap-2" aria-live="polite">
          {files.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line p-3">
              <span>
                Pedido em {formatDateTime(file.createdAt)}
                {file.status === 'ready' && file.expiresAt ? (
                  <span className="block text-sm text-muted">Disponível até {formatDateTime(file.expiresAt)}</span>
                ) : null}
              </span>
              {file.status === 'ready' ? (
                <a href={`/configuracoes/exportar/arquivo/${file.id}`} download className={buttonClass('secondary')}>
                  Baixar {fileLabel}
                  {file.sizeBytes ? ` (${formatBytes(file.sizeBytes)})` : ''}
                </a>
              ) : file.status === 'pending' ? (
                <span role="status" className="font-medium text-muted">
                  Preparando…
                </span>
              ) : (
                <span className="font-medium text-danger">Não foi possível gerar este arquivo. Peça outro.</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {nextAllowedAt ? (
        <p className="text-sm text-muted">
          O próximo {noun} pode ser pedido a partir de {formatDateTime(nextAllowedAt)}.
        </p>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value={intent} />
          <Button
            type="submit"
            className="self-start"
            pending={navigation.state === 'submitting' && navigation.formData?.get('intent') === intent}
            pendingLabel="Pedindo…"
          >
            {label}
          </Button>
        </Form>
      )}
    </>
  );
}

export default function ExportSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { entries, onRequestMax, archive, csv, lifetimeDays } = loaderData;
  // While a file is being prepared, the page asks again every few seconds, so the link appears by itself.
  useRevalidateWhile(
    [...archive.files, ...csv.files].some((a) => a.status === 'pending'),
    ARCHIVE_POLL_MS,
  );

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <header>
        <h1 className="font-serif text-3xl font-bold">Exportar seus dados</h1>
        <p className="text-muted">Seus livros são seus. Leve sua estante para outro site ou guarde uma cópia quando quiser.</p>
      </header>
      <section aria-labelledby="csv-goodreads" className="flex flex-col gap-3 rounded-xl bg-surface p-4">
        <h2 id="csv-goodreads" className="font-serif text-xl font-bold">
          Planilha compatível com o Goodreads
        </h2>
        <p>
          Um arquivo CSV com {entries === 1 ? 'o livro' : `os ${formatNumber(entries)} livros`} da sua estante: status, notas, datas de leitura, resenhas
          publicadas, estantes personalizadas e anotações privadas. O Goodreads e o StoryGraph importam esse arquivo.
        </p>
        <p className="text-sm text-muted">
          As notas vão em estrelas inteiras nas colunas do Goodreads; a nota exata (com quartos de estrela) e todas as leituras com datas ficam nas colunas
          “Maratona Rating” e “Maratona Readings”. O arquivo contém suas anotações privadas: guarde-o com cuidado.
        </p>
        {entries === 0 ? (
          <p className="text-muted">Sua estante está vazia: adicione um livro para ter o que exportar.</p>
        ) : entries <= onRequestMax ? (
          <a href="/configuracoes/exportar/goodreads.csv" download className={buttonClass('primary', 'self-start')}>
            Baixar CSV
          </a>
        ) : (
          <>
            <p className="text-sm text-muted">
              Com mais de {formatNumber(onRequestMax)} livros, preparamos o CSV em segundo plano: peça, e o link aparece aqui em instantes. Ele fica disponível
              por {lifetimeDays} dias e só funciona na sua conta.
            </p>
            <PreparedFiles
              files={csv.files}
              nextAllowedAt={csv.nextAllowedAt}
              intent="csv"
              noun="CSV"
              label="Preparar CSV"
              fileLabel="CSV"
              answer={answerOf(actionData, 'csv')}
            />
          </>
        )}
      </section>

      <section aria-labelledby="arquivo-completo" className="flex flex-col gap-3 rounded-xl bg-surface p-4">
        <h2 id="arquivo-completo" className="font-serif text-xl font-bold">
          Arquivo completo
        </h2>
        <p>
          Um arquivo ZIP com tudo o que é seu no Maratona: perfil, estante com todas as leituras e o progresso, resenhas (também os rascunhos), anotações,
          estantes personalizadas, metas, atts com as fotos, reações, comentários, quem você segue e suas solicitações ao catálogo — num
          <code className="mx-1">data.json</code>
          que outros programas conseguem ler, com suas imagens ao lado.
        </p>
        <p className="text-sm text-muted">Você pode pedir um por dia. O link fica disponível por {lifetimeDays} dias e só funciona na sua conta.</p>
        <PreparedFiles
          files={archive.files}
          nextAllowedAt={archive.nextAllowedAt}
          intent="arquivo"
          noun="arquivo"
          label="Gerar arquivo completo"
          fileLabel="ZIP"
          answer={answerOf(actionData, 'arquivo')}
        />
      </section>
    </div>
  );
}
