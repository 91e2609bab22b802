import { data, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import type { Route } from './+types/gerenciar.denuncias.sussurro.$id';
import { FormMessage } from '~/components/ui/field';
import { REMOVED_READER } from '~/features/accounts/removed-reader';
import { ReportGroupCard } from '~/features/moderation/components/report-group';
import { reportQueueAction } from '~/features/moderation/queue-action.server';
import { getReportGroup } from '~/features/moderation/queries.server';
import { RemovedMessage } from '~/features/whispers/components/removed-message';
import { REPORT_CONTEXT_SIZE } from '~/features/whispers/policy';
import { openWhisperReport } from '~/features/whispers/reports.server';
import { whisperIdParam } from '~/features/whispers/validation';
import { fieldError, isFailure, isSuccess, typed } from '~/lib/form-result';
import { formatDateTime } from '~/lib/format';
import { privatePageHeaders } from '~/server/cache-headers';
import { orNotFound } from '~/server/errors';
import { requireRole } from '~/server/viewer.server';

/** Private text: never kept by a browser's or a proxy's cache. */
export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () => [{ title: 'Sussurro denunciado · Denúncias · Gerenciar · Maratona' }];

function messageIdOr404(raw: string | undefined): string {
  const id = whisperIdParam.safeParse(raw);
  if (!id.success) throw data(null, { status: 404 });
  return id.data;
}

/**
 * A reported whisper with the messages around it (decision 0090). Admins only, as the queue; every load is a look
 * written to the audit log before anything is read. The conversation itself stays a 404 for staff.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, ['admin']);
  const messageId = messageIdOr404(params.id);
  const whisper = await orNotFound(openWhisperReport(viewer, messageId));
  const group = await getReportGroup(viewer, 'whisper', messageId);
  if (!group) throw data(null, { status: 404 });
  return { whisper, group };
}

/** The queue's actions, from here: remove the message (or show it again), warn or suspend its author, dismiss. */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireRole({ request, context }, ['admin']);
  messageIdOr404(params.id);
  return reportQueueAction({ request, context });
}

const readerName = (username: string | null) => (username ? `@${username}` : REMOVED_READER);

export default function WhisperReport({ loaderData, actionData }: Route.ComponentProps) {
  const { whisper, group } = loaderData;
  const busy = useNavigation().state !== 'idle';
  const open = group.reports.some((r) => r.status === 'open');
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <p>
          <Link to="/gerenciar/denuncias">Denúncias</Link>
        </p>
        <h1 className="font-serif text-3xl font-bold">Sussurro denunciado</h1>
        <p className="text-muted">
          Conversa entre {readerName(whisper.readers[0] ?? null)} e {readerName(whisper.readers[1] ?? null)}: a mensagem denunciada e até {REPORT_CONTEXT_SIZE}{' '}
          antes e depois dela. O resto da conversa fica fechado para a moderação, e cada abertura desta página fica registrada.
        </p>
      </header>
      {isSuccess(actionData) ? <FormMessage tone="success">{actionData.success}</FormMessage> : null}
      {isFailure(actionData) && actionData.formError ? <FormMessage>{actionData.formError}</FormMessage> : null}
      <section aria-labelledby="contexto" className="flex flex-col gap-3">
        <h2 id="contexto" className="text-lg font-semibold">
          Mensagens
        </h2>
        <ol className="flex flex-col gap-2">
          {whisper.messages.map((m) => (
            <li
              key={m.id}
              aria-current={m.reported || undefined}
              className={`flex flex-col gap-1 rounded-xl border p-3 ${m.reported ? 'border-2 border-danger bg-surface' : 'border-line bg-surface'}`}
            >
              <span className="text-sm text-muted">
                <span className="font-semibold text-ink">{readerName(m.author)}</span> · <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                {m.reported ? <span className="ml-2 font-semibold text-danger">Denunciada</span> : null}
                {m.removed && m.body ? <span className="ml-2 rounded bg-paper px-2 py-0.5 text-xs font-semibold">removida</span> : null}
              </span>
              <p className="whitespace-pre-wrap break-words">{m.body || <RemovedMessage />}</p>
            </li>
          ))}
        </ol>
      </section>
      <ul className="flex flex-col gap-4">
        <ReportGroupCard
          group={group}
          showTarget={false}
          open={open}
          busy={busy}
          noteError={typed(actionData, 'report') === group.reportId ? fieldError(actionData, 'note') : undefined}
        />
      </ul>
      <section aria-labelledby="aberturas" className="flex flex-col gap-2 text-sm">
        <h2 id="aberturas" className="text-lg font-semibold">
          Quem abriu esta denúncia
        </h2>
        <ul className="flex flex-col gap-1">
          {whisper.views.map((v, i) => (
            <li key={i}>
              Vista por {readerName(v.viewer)}
              {v.viewer && v.viewerGone ? ' (conta excluída)' : ''} em {formatDateTime(v.viewedAt)}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
