import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/db';
import { createUser, formRequest, getRequest } from '../../test/factories';
import * as conexoes from './configuracoes.conexoes';
import * as conta from './configuracoes.conta';
import * as gerenciar from './gerenciar';
import * as emails from './gerenciar.emails';
import * as novidades from './gerenciar.novidades';
import * as notificacoes from './notificacoes';

useTestDatabase();

type Who = 'visitante' | 'leitor' | 'curador' | 'admin';
type Outcome = 'entrar' | 'ok' | 404;
type Handler = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;

const signedIn = { visitante: 'entrar', leitor: 'ok', curador: 'ok', admin: 'ok' } as const;
const adminOnly = { visitante: 'entrar', leitor: 404, curador: 404, admin: 'ok' } as const;

const routes: { path: string; module: { loader: unknown; action?: unknown }; expect: Record<Who, Outcome> }[] = [
  { path: '/configuracoes/conta', module: conta, expect: signedIn },
  { path: '/configuracoes/conexoes', module: conexoes, expect: signedIn },
  { path: '/notificacoes', module: notificacoes, expect: signedIn },
  { path: '/gerenciar', module: gerenciar, expect: adminOnly },
  { path: '/gerenciar/emails', module: emails, expect: adminOnly },
  { path: '/gerenciar/novidades', module: novidades, expect: adminOnly },
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
    for (const route of routes) {
      for (const who of Object.keys(users) as Who[]) {
        const cookie = users[who]?.cookie;
        const loaded = await outcome(() => (route.module.loader as Handler)({ request: getRequest(route.path, cookie), params: {}, context: {} }));
        expect(`${who} GET ${route.path}: ${loaded}`).toBe(`${who} GET ${route.path}: ${route.expect[who]}`);
        if (route.module.action && route.expect[who] !== 'ok') {
          const acted = await outcome(() => (route.module.action as Handler)({ request: formRequest(route.path, { intent: 'x', id: 'x' }, { cookie }), params: {}, context: {} }));
          expect(`${who} POST ${route.path}: ${acted}`).toBe(`${who} POST ${route.path}: ${route.expect[who]}`);
        }
      }
    }
  }, 60_000);
});
