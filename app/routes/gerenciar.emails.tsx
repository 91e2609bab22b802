import type { Route } from './+types/gerenciar.emails';
import { formatDateTime } from '~/lib/format';
import { listOutbox } from '~/server/outbox.server';
import { requireRole } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'E-mails enviados · Gerenciar · Maratona' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, ['admin']);
  return { emails: await listOutbox(viewer) };
}

/** Links in emails are shown as text and as links, so an admin can follow a verification link in development. */
export default function Outbox({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="font-serif text-3xl font-bold">E-mails enviados</h1>
      <p className="text-muted">Todo e-mail do site fica registrado aqui. Sem SMTP configurado, esta é a única entrega.</p>
      {loaderData.emails.length === 0 ? <p>Nenhum e-mail enviado ainda.</p> : null}
      <ul className="flex flex-col gap-3">
        {loaderData.emails.map((email) => (
          <li key={email.id} className="rounded-xl border border-line bg-surface p-4">
            <p className="font-semibold">{email.subject}</p>
            <p className="text-sm text-muted">
              Para {email.to} · {formatDateTime(email.createdAt)} · {email.transport === 'smtp' ? 'SMTP' : 'só registro'}
            </p>
            <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-sm">
              {email.text.split(/(https?:\/\/\S+)/).map((part, i) =>
                /^https?:\/\//.test(part) ? (
                  <a key={i} href={part}>
                    {part}
                  </a>
                ) : (
                  part
                ),
              )}
            </pre>
          </li>
        ))}
      </ul>
    </div>
  );
}
