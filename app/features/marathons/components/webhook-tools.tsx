import { Form, useLocation, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { Pagination } from '~/components/ui/pagination';
import { Confirm, HostForm, usePending } from '~/features/lcs/components/host-tools';
import { fieldError, isSuccess, typed } from '~/lib/form-result';
import { formatDateTime } from '~/lib/format';
import type { MarathonDetail } from '../types';
import type { WebhookDeliveryView, WebhookSettings } from '../webhook-settings.server';
import type { WebhookDeliveryStatus } from '../vocabulary';

type Props = {
  marathon: MarathonDetail;
  webhook: WebhookSettings | null;
  log: { items: WebhookDeliveryView[]; total: number; page: number; pageSize: number };
  result: unknown;
};

const hasSecret = (result: unknown): result is { success: string; secret: string } =>
  isSuccess(result) && typeof (result as { secret?: unknown }).secret === 'string';

/** The organisers' webhook: address and key, the secret shown once, on/off, and the delivery log with "Reenviar". */
export function WebhookTools({ marathon, webhook, log, result }: Props) {
  const pending = usePending();
  const field = (name: string, fallback: string) => ({ name, defaultValue: typed(result, name, fallback), error: fieldError(result, name) });
  return (
    <div className="flex flex-col gap-6">
      <p>
        <Link to={`/m/${marathon.slug}/gerenciar`}>← Voltar para Gerenciar</Link>
      </p>
      <section aria-labelledby="como" className="flex flex-col gap-2">
        <h2 id="como" className="font-serif text-xl font-semibold">
          Webhooks
        </h2>
        <p>
          A cada atualização de um participante (livro vinculado, progresso, desafio concluído), o Maratona envia um <code>POST</code> em JSON com o quadro dele
          para o seu sistema. A chave de API vai no cabeçalho <code>X-API-Key</code>; a assinatura, em <code>X-Maratona-Signature</code> (<code>sha256=</code> e
          o HMAC-SHA256 do corpo com o segredo). Falhas são tentadas de novo por cerca de uma hora.
        </p>
      </section>

      {hasSecret(result) ? (
        <section aria-labelledby="segredo" className="flex flex-col gap-2 rounded-xl border-2 border-coral bg-surface p-4" role="status">
          <h2 id="segredo" className="font-serif text-xl font-semibold">
            Segredo de assinatura
          </h2>
          <p className="text-sm">Copie agora e guarde no seu sistema: por segurança, ele não aparece de novo (se perder, crie outro).</p>
          <code className="block overflow-x-auto rounded-lg border border-line bg-paper p-3 text-sm break-all select-all">{result.secret}</code>
        </section>
      ) : null}

      <HostForm intent="salvar" title={webhook ? 'Endereço e chave' : 'Criar webhook'} submit={webhook ? 'Salvar' : 'Criar webhook'}>
        <TextField
          label="Endereço (URL)"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://exemplo.com.br/maratona/webhook"
          hint="Um endereço público http:// ou https://. Redirecionamentos não são seguidos."
          maxLength={2000}
          {...field('url', webhook?.url ?? '')}
        />
        <TextField
          // A new field after each save: the key typed is not left in the page.
          key={`${webhook?.apiKeyEnd ?? 'nova'}-${isSuccess(result) ? result.success : ''}`}
          label="Chave de API"
          type="password"
          autoComplete="off"
          hint={
            webhook ? `A salva termina em …${webhook.apiKeyEnd}. Deixe em branco para mantê-la.` : 'A chave que o seu sistema espera no cabeçalho X-API-Key.'
          }
          maxLength={500}
          name="apiKey"
          defaultValue=""
          error={fieldError(result, 'apiKey')}
        />
      </HostForm>

      {webhook ? (
        <section aria-labelledby="estado" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
          <h2 id="estado" className="font-serif text-xl font-semibold">
            Estado
          </h2>
          <p>
            {webhook.enabled ? 'Ativo: as atualizações dos participantes são enviadas.' : 'Desativado: nada é enviado.'}{' '}
            <span className="text-sm text-muted">Segredo criado em {formatDateTime(webhook.secretRotatedAt)}.</span>
          </p>
          <Form method="post" className="flex flex-wrap items-start gap-2">
            <Button
              type="submit"
              name="intent"
              value={webhook.enabled ? 'desativar' : 'ativar'}
              variant="secondary"
              pending={pending(webhook.enabled ? 'desativar' : 'ativar')}
            >
              {webhook.enabled ? 'Desativar' : 'Ativar'}
            </Button>
            <Confirm
              label="Criar segredo novo"
              warning="O segredo atual deixa de valer na hora: seu sistema vai recusar as assinaturas até receber o novo."
              intent="segredo"
              confirm="Criar segredo novo"
              pending={pending('segredo')}
            />
            <Confirm
              label="Remover webhook"
              warning="O endereço, a chave e o registro de entregas são apagados."
              intent="remover"
              confirm="Remover"
              pending={pending('remover')}
            />
          </Form>
        </section>
      ) : null}

      {webhook ? <DeliveryLog log={log} /> : null}
    </div>
  );
}

const WEBHOOK_DELIVERY_LABELS: Record<WebhookDeliveryStatus, string> = {
  pendente: 'Na fila',
  enviando: 'Enviando',
  entregue: 'Entregue',
  falhou: 'Falhou',
  cancelada: 'Cancelada',
  substituida: 'Substituída',
};

const STATUS_TONE: Record<WebhookDeliveryStatus, string> = {
  pendente: 'text-muted',
  enviando: 'text-muted',
  entregue: 'text-ok',
  falhou: 'text-danger',
  cancelada: 'text-muted',
  substituida: 'text-muted',
};

function DeliveryLog({ log }: { log: Props['log'] }) {
  const location = useLocation();
  return (
    <section aria-labelledby="registro" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <h2 id="registro" className="font-serif text-xl font-semibold">
        Registro de entregas
      </h2>
      <p className="text-sm text-muted">As entregas dos últimos 30 dias (até 1.000). “Reenviar” manda o quadro atual da pessoa.</p>
      {log.items.length ? (
        <ul className="flex flex-col divide-y divide-line">
          {log.items.map((d) => (
            <DeliveryRow key={d.id} d={d} />
          ))}
        </ul>
      ) : (
        <p>Nenhuma entrega ainda: elas aparecem aqui quando um participante atualizar o quadro.</p>
      )}
      <Pagination page={log.page} pageSize={log.pageSize} total={log.total} search={location.search} />
    </section>
  );
}

function DeliveryRow({ d }: { d: WebhookDeliveryView }) {
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formData?.get('deliveryId') === d.id;
  const who = d.reader.username ? `@${d.reader.username}` : d.reader.name;
  const details = [
    d.responseStatus !== null ? `HTTP ${d.responseStatus}` : null,
    d.durationMs !== null ? `${d.durationMs} ms` : null,
    d.attempts ? `tentativa ${d.attempts}` : null,
  ].filter(Boolean);
  const finished = d.status !== 'pendente' && d.status !== 'enviando';
  return (
    <li className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
      <div className="flex min-w-0 flex-col gap-0.5">
        <p>
          <span className={`font-semibold ${STATUS_TONE[d.status]}`}>{WEBHOOK_DELIVERY_LABELS[d.status]}</span> · {who}
        </p>
        <p className="text-sm text-muted">
          <time dateTime={d.createdAt}>{formatDateTime(d.createdAt)}</time>
          {details.length ? ` · ${details.join(' · ')}` : ''}
          {d.nextAttemptAt && d.attempts ? (
            <>
              {' · próxima tentativa '}
              <time dateTime={d.nextAttemptAt}>{formatDateTime(d.nextAttemptAt)}</time>
            </>
          ) : null}
        </p>
        {d.error ? <p className="text-sm break-words">{d.error}</p> : null}
      </div>
      {finished ? (
        <Form method="post" className="shrink-0">
          <input type="hidden" name="deliveryId" value={d.id} />
          <Button type="submit" name="intent" value="reenviar" variant="secondary" pending={sending} aria-label={`Reenviar para ${who}`}>
            Reenviar
          </Button>
        </Form>
      ) : null}
    </li>
  );
}
