import type { Route } from './+types/configuracoes.integracoes';
import { Link } from '~/components/link';
import { getUnsprintSetup } from '~/features/unsprint/queries.server';
import type { UnsprintOutcome } from '~/features/unsprint/credits.server';
import { formatDateTime, formatDay, formatNumber } from '~/lib/format';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Integrações · Maratona' }];

/** The reader's integrations (PRODUCT.md §S): for now the unSprint bot's setup and what it sent (decision 0093). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  return { unsprint: await getUnsprintSetup(viewer) };
}

/** Each result in a line of its own, and counted in a batch's summary (one, many). */
const OUTCOMES: Record<UnsprintOutcome, readonly [one: string, many: string]> = {
  registrado: ['registrado', 'registrados'],
  creditado: ['creditado', 'creditados'],
  aguardando: ['aguardando conexão', 'aguardando conexão'],
  removido: ['removido', 'removidos'],
  ignorado: ['ignorado', 'ignorados'],
};

const STATES = { open: 'em andamento', final: 'encerrado', cancelled: 'cancelado' } as const;

/** "3 creditados, 1 aguardando conexão": a batch's results in a line. */
function summary(results: { resultado: UnsprintOutcome }[]): string {
  const counts = new Map<UnsprintOutcome, number>();
  for (const { resultado } of results) counts.set(resultado, (counts.get(resultado) ?? 0) + 1);
  return [...counts].map(([outcome, n]) => `${formatNumber(n)} ${OUTCOMES[outcome][n === 1 ? 0 : 1]}`).join(', ');
}

export default function Integrations({ loaderData }: Route.ComponentProps) {
  const { unsprint } = loaderData;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <header>
        <h1 className="font-serif text-3xl font-bold">Integrações</h1>
        <p className="text-muted">Ferramentas que conversam com o Maratona por você.</p>
      </header>
      <section aria-labelledby="unsprint" className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4">
        <h2 id="unsprint" className="font-serif text-xl font-semibold">
          unSprint (sprints na Twitch)
        </h2>
        <p>
          O unSprint é o bot de sprints de leitura da Twitch. Com ele no seu canal, os minutos de quem participa dos sprints viram minutos de foco no Maratona:
          contam no ranking da foca, nas tarefas e nas maratonas em andamento.
        </p>
        <ol className="flex list-decimal flex-col gap-2 pl-5">
          <li>
            Conecte sua conta da Twitch em <Link to="/configuracoes/conexoes">Conexões</Link>.{' '}
            <strong>{unsprint.twitchLinked ? 'Sua Twitch está conectada.' : 'Sua Twitch ainda não está conectada.'}</strong>
          </li>
          <li>
            No painel do unSprint, informe este endereço para o envio dos participantes:
            <code className="mt-1 block break-all rounded-lg border border-line bg-paper px-3 py-2 text-sm">{unsprint.endpoint}</code>
          </li>
          <li>O bot envia o token da sua conta da Twitch a cada lote. Nós só perguntamos à Twitch de quem ele é; o token não fica guardado aqui.</li>
        </ol>
        <p className="text-sm text-muted">
          Quem participa recebe os minutos quando a conta da Twitch dessa pessoa está conectada ao Maratona — e os sprints de antes da conexão contam assim que
          ela conectar. Cada sprint vale até 180 minutos; um sprint cancelado sai do ranking.
        </p>
      </section>

      <section aria-labelledby="lotes" className="flex flex-col gap-3">
        <h2 id="lotes" className="font-serif text-xl font-semibold">
          Últimos lotes recebidos do seu canal
        </h2>
        {unsprint.batches.length === 0 ? (
          <p className="text-muted">Nenhum lote ainda. Eles aparecem aqui quando o unSprint enviar o primeiro sprint do seu canal.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {unsprint.batches.map((batch) => (
              <li key={batch.receivedAt} className="rounded-xl border border-line bg-surface p-3">
                <details>
                  <summary className="flex min-h-11 cursor-pointer flex-wrap items-center gap-x-2">
                    <span className="font-medium">{formatDateTime(batch.receivedAt)}</span>
                    <span className="text-sm text-muted">{summary(batch.results)}</span>
                  </summary>
                  <ul className="mt-2 flex flex-col gap-1 text-sm">
                    {batch.results.map((result, i) => (
                      <li key={i}>
                        @{result.username} · {result.evento} · {formatNumber(result.minutos)} min · {OUTCOMES[result.resultado][0]}
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="creditados" className="flex flex-col gap-3">
        <h2 id="creditados" className="font-serif text-xl font-semibold">
          Seus sprints
        </h2>
        {unsprint.credited.length === 0 ? (
          <p className="text-muted">Nenhum sprint seu chegou ainda. Participe de um sprint do unSprint numa live com a sua Twitch conectada.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {unsprint.credited.map((sprint, i) => (
              <li key={i} className="flex flex-wrap justify-between gap-2 rounded-xl border border-line bg-surface p-3">
                <span>
                  {sprint.streamer ? `No canal de @${sprint.streamer}` : 'Num canal que saiu do Maratona'}
                  {sprint.creditedOn ? ` · ${formatDay(sprint.creditedOn)}` : ''}
                </span>
                <span className="text-sm text-muted">
                  {formatNumber(sprint.creditedMinutes)} min creditados · {STATES[sprint.state]}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
