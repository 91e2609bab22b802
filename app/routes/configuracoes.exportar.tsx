import { Form, useNavigation } from 'react-router';
import type { Route } from './+types/configuracoes.exportar';
import { Button, buttonClass } from '~/components/ui/button';
import { FormMessage } from '~/components/ui/field';
import { ARCHIVE_LIFETIME_DAYS, listArchives, requestArchive } from '~/features/export/archive.server';
import { countShelfEntries } from '~/features/export/goodreads-csv.server';
import { isFailure, isSuccess } from '~/lib/form-result';
import { formatBytes, formatDateTime, formatNumber } from '~/lib/format';
import { useRevalidateWhile } from '~/lib/use-revalidate-while';
import { failureFromError, formFailure } from '~/server/forms.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Exportar seus dados — Configurações — Maratona' }];

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  const [entries, archives] = await Promise.all([countShelfEntries(viewer), listArchives(viewer)]);
  return { entries, ...archives, lifetimeDays: ARCHIVE_LIFETIME_DAYS };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireViewer(request);
  const formData = await request.formData();
  if (formData.get('intent') !== 'arquivo') return formFailure({}, 'Ação desconhecida.');
  try {
    await requestArchive(viewer);
    return { success: 'Estamos preparando seu arquivo. Ele aparece aqui quando estiver pronto, em geral em menos de um minuto.' };
  } catch (error) {
    return failureFromError(error, {});
  }
}

const ARCHIVE_POLL_MS = 3000;

export default function ExportSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { entries, archives, nextAllowedAt, lifetimeDays } = loaderData;
  const navigation = useNavigation();
  const preparing = archives.some((a) => a.status === 'pending');
  // While an archive is being built, the list asks again every few seconds, so the link appears by itself.
  useRevalidateWhile(preparing, ARCHIVE_POLL_MS);

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
          Um arquivo CSV com {entries === 1 ? 'o livro' : `os ${formatNumber(entries)} livros`} da sua estante: status, notas, datas de leitura,
          resenhas publicadas, estantes personalizadas e anotações privadas. O Goodreads e o StoryGraph importam esse arquivo.
        </p>
        <p className="text-sm text-muted">
          As notas vão em estrelas inteiras nas colunas do Goodreads; a nota exata (com quartos de estrela) e todas as leituras com datas ficam nas
          colunas “Maratona Rating” e “Maratona Readings”. O arquivo contém suas anotações privadas: guarde-o com cuidado.
        </p>
        {entries > 0 ? (
          <a href="/configuracoes/exportar/goodreads.csv" download className={buttonClass('primary', 'self-start')}>
            Baixar CSV
          </a>
        ) : (
          <p className="text-muted">Sua estante está vazia: adicione um livro para ter o que exportar.</p>
        )}
      </section>

      <section aria-labelledby="arquivo-completo" className="flex flex-col gap-3 rounded-xl bg-surface p-4">
        <h2 id="arquivo-completo" className="font-serif text-xl font-bold">
          Arquivo completo
        </h2>
        <p>
          Um arquivo ZIP com tudo o que é seu no Maratona: perfil, estante com todas as leituras e o progresso, resenhas (também os rascunhos),
          anotações, estantes personalizadas, metas, atts com as fotos, reações, comentários, quem você segue e suas solicitações ao catálogo — num
          <code className="mx-1">data.json</code>
          que outros programas conseguem ler, com suas imagens ao lado.
        </p>
        <p className="text-sm text-muted">
          Você pode pedir um por dia. O link fica disponível por {lifetimeDays} dias e só funciona na sua conta.
        </p>
        {isSuccess(actionData) && preparing ? <FormMessage tone="success">{actionData.success}</FormMessage> : null}
        {isFailure(actionData) && actionData.formError ? <FormMessage>{actionData.formError}</FormMessage> : null}
        {archives.length ? (
          <ul className="flex flex-col gap-2" aria-live="polite">
            {archives.map((archive) => (
              <li key={archive.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line p-3">
                <span>
                  Pedido em {formatDateTime(archive.createdAt)}
                  {archive.status === 'ready' && archive.expiresAt ? <span className="block text-sm text-muted">Disponível até {formatDateTime(archive.expiresAt)}</span> : null}
                </span>
                {archive.status === 'ready' ? (
                  <a href={`/configuracoes/exportar/arquivo/${archive.id}`} download className={buttonClass('secondary')}>
                    Baixar ZIP{archive.sizeBytes ? ` (${formatBytes(archive.sizeBytes)})` : ''}
                  </a>
                ) : archive.status === 'pending' ? (
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
          <p className="text-sm text-muted">O próximo arquivo pode ser pedido a partir de {formatDateTime(nextAllowedAt)}.</p>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="arquivo" />
            <Button type="submit" className="self-start" pending={navigation.state === 'submitting'} pendingLabel="Pedindo…">
              Gerar arquivo completo
            </Button>
          </Form>
        )}
      </section>
    </div>
  );
}
