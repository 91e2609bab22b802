import { describe, expect, it } from 'vitest';
import { createClubCast, CLUB_ROLES_UNDER_TEST, type ClubCast, type ClubWho } from '../../test/club-fixtures';
import { useTestDatabase } from '../../test/db';
import { createUser, formRequest, getRequest } from '../../test/factories';
import { call, statusOf } from '../../test/routes';
import type { ClubVisibility } from '~/features/clubs/vocabulary';
import * as dashboard from './clube.$identificador.admin';
import * as members from './clube.$identificador.admin.membros';
import * as membersCsv from './clube.$identificador.admin.membros[.]csv';
import * as personalize from './clube.$identificador.admin.personalizar';

useTestDatabase();

const RUN_CLUB: readonly ClubWho[] = ['dono', 'admin'];
const MANAGE_MEMBERS: readonly ClubWho[] = ['dono', 'admin', 'moderador'];

/** What a reader gets: the visitor is sent to sign in (for any club, so nothing leaks), the allowed 200, everyone else 404. */
const expected = (who: ClubWho, allowed: readonly ClubWho[]) => (who === 'visitante' ? 302 : allowed.includes(who) ? 200 : 404);

async function outcome(promise: Promise<unknown>): Promise<{ status: number; location: string | null }> {
  const settled = await promise.then(
    (value) => value,
    (thrown: unknown) => thrown,
  );
  const location = settled instanceof Response ? settled.headers.get('location') : null;
  return { status: await statusOf(Promise.resolve(settled)), location };
}

async function matrix(visibility: ClubVisibility) {
  const cast: ClubCast = await createClubCast(visibility);
  const slug = cast.club.slug;
  const params = { identificador: slug };
  const seen: Record<string, Record<string, number>> = {};
  const want: Record<string, Record<string, number>> = {};
  const record = (route: string, who: ClubWho, status: number, allowed: readonly ClubWho[]) => {
    (seen[route] ??= {})[who] = status;
    (want[route] ??= {})[who] = expected(who, allowed);
  };
  // Fresh readers to invite, one per role that may.
  const invitees = Object.fromEntries(await Promise.all(MANAGE_MEMBERS.map(async (who) => [who, await createUser()] as const)));
  for (const who of CLUB_ROLES_UNDER_TEST) {
    const cookie = cast.cookie(who);
    for (const [name, route, path, allowed] of [
      ['GET /admin', dashboard, `/clube/${slug}/admin`, RUN_CLUB],
      ['GET /admin/membros', members, `/clube/${slug}/admin/membros`, MANAGE_MEMBERS],
      ['GET /admin/membros.csv', membersCsv, `/clube/${slug}/admin/membros.csv`, RUN_CLUB],
      ['GET /admin/personalizar', personalize, `/clube/${slug}/admin/personalizar`, RUN_CLUB],
    ] as const) {
      const result = await outcome(call(route.loader, getRequest(path, cookie), params));
      if (result.status === 302) expect(result.location).toMatch(/^\/auth\/signin\?callbackUrl=/);
      record(name, who, result.status, allowed);
    }
    const invitee = invitees[who]?.username ?? 'ninguem_aqui';
    const invited = await outcome(
      call(members.action, formRequest(`/clube/${slug}/admin/membros`, { intent: 'convidar', username: invitee }, cookie ? { cookie } : {}), params),
    );
    record('POST /admin/membros (convidar)', who, invited.status, MANAGE_MEMBERS);
    const colours = await outcome(
      call(
        personalize.action,
        formRequest(`/clube/${slug}/admin/personalizar`, { intent: 'cores', primaryColor: '#1d4e7a', accentColor: '#8e2c2c' }, cookie ? { cookie } : {}),
        params,
      ),
    );
    record('POST /admin/personalizar (cores)', who, colours.status, RUN_CLUB);
  }
  expect(seen).toEqual(want);
  return cast;
}

describe('clubs admin authorization matrix', () => {
  it('a moderated club: owner and admins run it, moderators manage members only, everyone else gets 404, visitors sign in', async () => {
    await matrix('moderado');
  });

  it('a private club: the same, outsiders never learn it exists', async () => {
    await matrix('privado');
  });

  it('an open club: the same', async () => {
    await matrix('aberto');
  });

  it('a visitor is sent to sign in before any club is looked up, so a missing club and a private one answer alike', async () => {
    const missing = await outcome(call(dashboard.loader, getRequest('/clube/nao-existe/admin'), { identificador: 'nao-existe' }));
    expect(missing.status).toBe(302);
    const reader = await createUser();
    expect(await statusOf(call(dashboard.loader, getRequest('/clube/nao-existe/admin', reader.cookie), { identificador: 'nao-existe' }))).toBe(404);
  });

  it('a moderator manages members but may not change roles, grant plans or hand the club over', async () => {
    const cast = await createClubCast('moderado');
    const params = { identificador: cast.club.slug };
    const path = `/clube/${cast.club.slug}/admin/membros`;
    const as = (fields: Record<string, string>) => call(members.action, formRequest(path, fields, { cookie: cast.users.moderador.cookie }), params);
    expect(await as({ intent: 'papel', userId: cast.users.membro.id, role: 'moderator' })).toMatchObject({ init: { status: 403 } });
    expect(await as({ intent: 'plano', userId: cast.users.membro.id, planId: cast.plans.free })).toMatchObject({
      data: { formError: 'Só a equipe do clube pode fazer isso.' },
    });
    expect(await as({ intent: 'transferir', username: cast.users.moderador.username, confirmation: 'x' })).toMatchObject({
      data: { formError: 'Só o dono pode passar o clube para outra pessoa.' },
    });
    expect(await as({ intent: 'banir', userId: cast.users.admin.id, reason: 'Não.' })).toMatchObject({
      data: { formError: 'Você só pode banir quem está abaixo de você no clube.' },
    });
    expect(await as({ intent: 'aprovar', userId: cast.users.pendente.id })).toMatchObject({ success: 'Pedido aprovado: o leitor agora é membro.' });
    expect(await as({ intent: 'banir', userId: cast.users.membro.id, reason: 'Spam.' })).toMatchObject({ success: expect.stringMatching(/banido/) });
  });
});
