import { Form, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import { z } from 'zod';
import type { Route } from './+types/gerenciar';
import { Button } from '~/components/ui/button';
import { FormMessage, TextField } from '~/components/ui/field';
import { searchAccounts, setCuratorRole, setSuspended } from '~/features/accounts/admin.server';
import { countOpenReportTargets } from '~/features/moderation/queries.server';
import { ReaderLink } from '~/features/profiles/components/reader-link';
import { formatDateTime } from '~/lib/format';
import { isFailure, isSuccess } from '~/lib/form-result';
import { failureFromError, parseForm } from '~/server/forms.server';
import { listDeadJobs, retryDeadJob } from '~/server/jobs.server';
import { requireRole } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Gerenciar · Maratona' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, ['curator', 'admin']);
  // A curator sees only the catalogue section; accounts and jobs stay admins' (ADR 0011).
  if (viewer.role !== 'admin') return { isAdmin: false as const };
  const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
  const [accounts, deadJobs, openReports] = await Promise.all([searchAccounts(viewer, q), listDeadJobs(), countOpenReportTargets(viewer)]);
  return {
    isAdmin: true as const,
    q,
    viewerId: viewer.id,
    accounts,
    openReports,
    deadJobs: deadJobs.map((j) => ({ id: j.id, kind: j.kind, attempts: j.attempts, lastError: j.lastError, finishedAt: j.finishedAt?.toISOString() ?? null })),
  };
}

const adminInput = z.object({
  intent: z.enum(['curador', 'leitor', 'suspender', 'restaurar', 'repetir-tarefa']),
  id: z.string().min(1).max(64),
});

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole({ request, context }, ['admin']);
  const parsed = parseForm(await request.formData(), adminInput);
  if (!parsed.ok) return parsed.failure;
  const { intent, id } = parsed.value;
  try {
    if (intent === 'curador' || intent === 'leitor') await setCuratorRole(viewer, id, intent === 'curador');
    else if (intent === 'suspender' || intent === 'restaurar') await setSuspended(viewer, id, intent === 'suspender');
    else await retryDeadJob(id);
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
  const done = {
    curador: 'Papel de curador concedido.',
    leitor: 'Papel de curador removido.',
    suspender: 'Conta suspensa e sessões encerradas.',
    restaurar: 'Conta restaurada.',
    'repetir-tarefa': 'Tarefa recolocada na fila.',
  };
  return { success: done[intent] };
}

export default function Manage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <div className="flex flex-col gap-8">
      <h1 className="font-serif text-3xl font-bold">Gerenciar</h1>
      {isSuccess(actionData) ? <FormMessage tone="success">{actionData.success}</FormMessage> : null}
      {isFailure(actionData) && actionData.formError ? <FormMessage>{actionData.formError}</FormMessage> : null}
      <section aria-labelledby="catalogo" className="flex flex-col gap-2">
        <h2 id="catalogo" className="font-serif text-2xl font-bold">
          Catálogo
        </h2>
        <nav aria-label="Catálogo" className="flex flex-wrap gap-3">
          <Link to="/gerenciar/catalogo">Painel do catálogo</Link>
          <Link to="/gerenciar/catalogo/solicitacoes">Fila de solicitações</Link>
          <Link to="/gerenciar/catalogo/historicos">Histórico de alterações</Link>
        </nav>
      </section>
      {loaderData.isAdmin ? (
        <>
          <nav aria-label="Seções de gerenciamento" className="flex flex-wrap gap-3">
            <Link to="/gerenciar/denuncias">Denúncias{loaderData.openReports ? ` (${loaderData.openReports})` : ''}</Link>
            <Link to="/gerenciar/novidades">Novidades</Link>
            <Link to="/gerenciar/maratonas">Maratonas oficiais</Link>
            <Link to="/gerenciar/emails">E-mails enviados</Link>
          </nav>
          <section aria-labelledby="contas" className="flex flex-col gap-3">
            <h2 id="contas" className="font-serif text-2xl font-bold">
              Contas
            </h2>
            <Form method="get" className="flex items-end gap-2" role="search">
              <div className="flex-1">
                <TextField label="Buscar por nome, usuário ou e-mail" name="q" defaultValue={loaderData.q} />
              </div>
              <Button type="submit" variant="secondary">
                Buscar
              </Button>
            </Form>
            <ul className="flex flex-col gap-2">
              {loaderData.accounts.map((a) => (
                <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-line bg-surface p-3">
                  <span>
                    {a.username ? (
                      <ReaderLink reader={{ username: a.username, name: a.name, suspended: a.suspended }} className="font-semibold" />
                    ) : (
                      <span className="font-semibold">{a.name}</span>
                    )}{' '}
                    <span className="text-muted">
                      {a.username ? `@${a.username} · ` : ''}
                      {a.email}
                    </span>{' '}
                    <span className="rounded bg-paper px-2 py-0.5 text-xs font-semibold">
                      {a.role === 'admin' ? 'admin' : a.role === 'curator' ? 'curador' : 'leitor'}
                    </span>
                    {a.suspended ? <span className="ml-1 rounded bg-danger px-2 py-0.5 text-xs font-semibold text-paper">suspensa</span> : null}
                  </span>
                  {a.id !== loaderData.viewerId && a.role !== 'admin' ? (
                    <span className="flex gap-2">
                      <Form method="post">
                        <input type="hidden" name="id" value={a.id} />
                        <Button
                          type="submit"
                          name="intent"
                          value={a.role === 'curator' ? 'leitor' : 'curador'}
                          variant="secondary"
                          disabled={navigation.state !== 'idle'}
                        >
                          {a.role === 'curator' ? 'Remover curador' : 'Tornar curador'}
                        </Button>
                      </Form>
                      <Form method="post">
                        <input type="hidden" name="id" value={a.id} />
                        <Button
                          type="submit"
                          name="intent"
                          value={a.suspended ? 'restaurar' : 'suspender'}
                          variant={a.suspended ? 'secondary' : 'danger'}
                          disabled={navigation.state !== 'idle'}
                        >
                          {a.suspended ? 'Restaurar' : 'Suspender'}
                        </Button>
                      </Form>
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="tarefas-mortas" className="flex flex-col gap-3">
            <h2 id="tarefas-mortas" className="font-serif text-2xl font-bold">
              Tarefas que falharam
            </h2>
            {loaderData.deadJobs.length === 0 ? <p className="text-muted">Nenhuma tarefa falhou de vez.</p> : null}
            <ul className="flex flex-col gap-2">
              {loaderData.deadJobs.map((j) => (
                <li key={j.id} className="rounded-xl border border-line bg-surface p-3">
                  <p className="font-semibold">{j.kind}</p>
                  <p className="text-sm text-muted">
                    {j.attempts} tentativas{j.finishedAt ? ` · ${formatDateTime(j.finishedAt)}` : ''}
                  </p>
                  <p className="break-words text-sm">{j.lastError}</p>
                  <Form method="post">
                    <input type="hidden" name="id" value={j.id} />
                    <Button type="submit" name="intent" value="repetir-tarefa" variant="quiet" className="px-0">
                      Tentar de novo
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          </section>
        </>
      ) : null}
    </div>
  );
}
