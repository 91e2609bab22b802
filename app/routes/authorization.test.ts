import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, formRequest, getRequest, testViewer } from '../../test/factories';
import * as duplicateForm from './catalogo.informar-duplicata';
import * as requestForm from './catalogo.solicitar';
import * as myRequests from './catalogo.minhas-solicitacoes';
import * as conexoes from './configuracoes.conexoes';
import * as conta from './configuracoes.conta';
import * as gerenciar from './gerenciar';
import * as catalogDashboard from './gerenciar.catalogo';
import * as history from './gerenciar.catalogo.historicos';
import * as merge from './gerenciar.catalogo.mesclar';
import * as queue from './gerenciar.catalogo.solicitacoes';
import * as review from './gerenciar.catalogo.solicitacoes.$codigo';
import { createChangeRequest } from '~/features/curation/mutations.server';
import { listMyChangeRequests } from '~/features/curation/queries.server';
import * as emails from './gerenciar.emails';
import * as novidades from './gerenciar.novidades';
import * as notificacoes from './notificacoes';

useTestDatabase();

type Who = 'visitante' | 'leitor' | 'curador' | 'admin';
type Outcome = 'entrar' | 'ok' | 404;
type Handler = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;

const signedIn = { visitante: 'entrar', leitor: 'ok', curador: 'ok', admin: 'ok' } as const;
const adminOnly = { visitante: 'entrar', leitor: 404, curador: 404, admin: 'ok' } as const;
const curators = { visitante: 'entrar', leitor: 404, curador: 'ok', admin: 'ok' } as const;

type RouteCase = { path: string; params?: Record<string, string>; module: { loader: unknown; action?: unknown }; expect: Record<Who, Outcome>; actionExpect?: Record<Who, Outcome> };

/** `code` is a real pending change request, so a curator's 'ok' on its page is not a 404 in disguise. */
const routeCases = (code: string, editionId: string): RouteCase[] => [
  { path: '/configuracoes/conta', module: conta, expect: signedIn },
  { path: '/configuracoes/conexoes', module: conexoes, expect: signedIn },
  { path: '/notificacoes', module: notificacoes, expect: signedIn },
  { path: '/catalogo/solicitar?tipo=novo-autor', module: requestForm, expect: signedIn },
  { path: '/catalogo/minhas-solicitacoes', module: myRequests, expect: signedIn },
  { path: `/catalogo/informar-duplicata?edicao=${editionId}`, module: duplicateForm, expect: signedIn },
  // Curators see /gerenciar (its catalogue section) but its actions (accounts, jobs) stay admins'.
  { path: '/gerenciar', module: gerenciar, expect: curators, actionExpect: adminOnly },
  { path: '/gerenciar/emails', module: emails, expect: adminOnly },
  { path: '/gerenciar/novidades', module: novidades, expect: adminOnly },
  { path: '/gerenciar/catalogo', module: catalogDashboard, expect: curators },
  { path: '/gerenciar/catalogo/solicitacoes', module: queue, expect: curators },
  { path: `/gerenciar/catalogo/solicitacoes/${code}`, params: { codigo: code }, module: review, expect: curators },
  { path: '/gerenciar/catalogo/historicos', module: history, expect: curators },
  { path: `/gerenciar/catalogo/mesclar?tipo=edicao&manter=${editionId}&mesclar=${editionId}`, module: merge, expect: curators },
];

async function outcome(fn: () => unknown): Promise<Outcome | string> {
  try {
    const result = await fn();
    if (result instanceof Response && result.status >= 300 && result.status < 400) return `redirect ${result.headers.get('location')}`;
    return 'ok';
  } catch (thrown) {
    if (thrown instanceof Response && thrown.headers.get('location')?.startsWith('/auth/signin')) return 'entrar';
    const status = (thrown as { init?: { status?: number } }).init?.status;
    if (status === 404) return 404;
    throw thrown;
  }
}

describe('who may open what (every role × every protected loader and action)', () => {
  it('matches the table', async () => {
    const users = {
      visitante: undefined,
      leitor: await createUser(),
      curador: await createUser({ role: 'curator' }),
      admin: await createUser({ role: 'admin' }),
    };
    const editionId = await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'], pages: 176 });
    const { code } = await createChangeRequest(testViewer(users.leitor), { kind: 'edition_edit', target: editionId, changes: [{ field: 'pages', before: '176', after: '180' }], note: '' });
    let denials = 0;
    for (const route of routeCases(code, editionId)) {
      for (const who of Object.keys(users) as Who[]) {
        const cookie = users[who]?.cookie;
        const params = route.params ?? {};
        const loaded = await outcome(() => (route.module.loader as Handler)({ request: getRequest(route.path, cookie), params, context: {} }));
        expect(`${who} GET ${route.path}: ${loaded}`).toBe(`${who} GET ${route.path}: ${route.expect[who]}`);
        const actionExpect = route.actionExpect ?? route.expect;
        if (route.module.action && actionExpect[who] !== 'ok') {
          // Fields every action here accepts, so a denial cannot hide behind a validation error.
          const fields = { intent: 'aprovar', id: 'x', codigo: code, reason: 'Motivo qualquer' };
          const acted = await outcome(() => (route.module.action as Handler)({ request: formRequest(route.path, fields, { cookie }), params, context: {} }));
          expect(`${who} POST ${route.path}: ${acted}`).toBe(`${who} POST ${route.path}: ${actionExpect[who]}`);
          denials += 1;
        }
      }
    }
    expect(denials).toBe(18);
    // Every denied "aprovar" and "retirar" left the request untouched.
    const [mine] = (await listMyChangeRequests(testViewer(users.leitor))).items;
    expect(mine?.status).toBe('pending');
  }, 120_000);
});
