import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { clubMembers, clubs, marathons, users } from '~/db/schema';
import { todayIn } from '~/lib/calendar';
import { addDays } from '~/features/lcs/schedule';
import { createMarathon, joinMarathon } from '~/features/marathons/mutations.server';
import { listMarathonFeed } from '~/features/marathons/queries.server';
import { getRanking } from '~/features/marathons/ranking.server';
import type { MarathonVisibility } from '~/features/marathons/vocabulary';
import { blockReader } from '~/features/social/blocks.server';
import { useTestDatabase } from '../../test/db';
import { formRequest, getRequest } from '../../test/factories';
import { MARATHON_ROLES_UNDER_TEST, type MarathonCast, type MarathonWho, createMarathonCast, marathonInput, noticeReader } from '../../test/marathon-fixtures';
import { call, matrixOf, outcomeOf, statusOf, type Outcome } from '../../test/routes';
import * as create from './criar.maratona';
import * as mine from './m';
import * as page from './m.$identificador';
import * as challenges from './m.$identificador.desafios';
import * as manage from './m.$identificador.gerenciar';
import * as feed from './m.$identificador.feed';
import * as webhooks from './m.$identificador.gerenciar.webhooks';
import * as participants from './m.$identificador.participantes';
import * as board from './m.$identificador.progresso';
import * as ranking from './m.$identificador.ranking';
import * as byId from './m.id.$id';
import * as directory from './maratonas';
import * as notice from './maratonas.aviso';
import * as profileTab from './u.$username.$tab';

useTestDatabase();

const everyone = (outcome: Outcome) => Object.fromEntries(MARATHON_ROLES_UNDER_TEST.map((who) => [who, outcome])) as Record<MarathonWho, Outcome>;

const matrix = (run: (who: MarathonWho) => Promise<unknown>) => matrixOf(MARATHON_ROLES_UNDER_TEST, run);

const params = (cast: MarathonCast) => ({ identificador: cast.marathon.slug });
const get = (cast: MarathonCast, who: MarathonWho, path = '') => getRequest(`/m/${cast.marathon.slug}${path}`, cast.cookie(who));
const post = (cast: MarathonCast, who: MarathonWho, fields: Record<string, string>, path = '') =>
  formRequest(`/m/${cast.marathon.slug}${path}`, fields, { cookie: cast.cookie(who) ?? '' });

/** Who sees a marathon of each visibility: a club's to its members and organisers; a private one to its organisers and participants. */
const SEES: Record<MarathonVisibility, Record<MarathonWho, Outcome>> = {
  publico: everyone(200),
  clube: { ...everyone(200), visitante: 404, leitor: 404, banido: 404 },
  privado: { ...everyone(200), visitante: 404, leitor: 404, banido: 404, membroDoClube: 404 },
};

describe('marathons: who may open what', () => {
  it.each(['publico', 'clube', 'privado'] as const)(
    'a marathon that is %s: its page and every tab answer alike, and /m/id/{id} likewise',
    async (visibility) => {
      const cast = await createMarathonCast(visibility);
      expect(await matrix((who) => call(page.loader, get(cast, who), params(cast)))).toEqual(SEES[visibility]);
      expect(await matrix((who) => call(challenges.loader, get(cast, who, '/desafios'), params(cast)))).toEqual(SEES[visibility]);
      expect(await matrix((who) => call(participants.loader, get(cast, who, '/participantes'), params(cast)))).toEqual(SEES[visibility]);
      expect(await matrix((who) => call(ranking.loader, get(cast, who, '/ranking'), params(cast)))).toEqual(SEES[visibility]);
      expect(await matrix((who) => call(ranking.loader, get(cast, who, '/ranking?pagina=2'), params(cast)))).toEqual(SEES[visibility]);
      expect(await matrix((who) => call(feed.loader, get(cast, who, '/feed'), params(cast)))).toEqual(SEES[visibility]);
      const seen = Object.fromEntries(Object.entries(SEES[visibility]).map(([who, o]) => [who, o === 200 ? 308 : o]));
      expect(await matrix((who) => call(byId.loader, getRequest(`/m/id/${cast.marathon.id}`, cast.cookie(who)), { id: cast.marathon.id }))).toEqual(seen);
    },
  );

  it.each<[MarathonVisibility, Record<MarathonWho, Outcome>]>([
    ['publico', { ...everyone(403), visitante: 'entrar', organizador: 200, adminDoClube: 200, adminDoSite: 200 }],
    ['privado', { ...everyone(404), visitante: 'entrar', participante: 403, organizador: 200, adminDoClube: 200, adminDoSite: 200 }],
  ])('Gerenciar of a marathon that is %s: organisers (the club’s owner and admins) and site admins', async (visibility, expected) => {
    const cast = await createMarathonCast(visibility);
    expect(await matrix((who) => call(manage.loader, get(cast, who, '/gerenciar'), params(cast)))).toEqual(expected);
    const challenge = {
      intent: 'desafio',
      categoryId: '',
      newCategory: 'Extras',
      kind: 'atividade',
      description: 'Leia ao ar livre',
      points: '2',
      revealsOn: '',
      levelId: '',
    };
    expect(await matrix((who) => call(manage.action, post(cast, who, challenge, '/gerenciar'), params(cast)))).toEqual(expected);
  });

  it.each<[MarathonVisibility, Record<MarathonWho, Outcome>]>([
    ['publico', { ...everyone(403), visitante: 'entrar', organizador: 200, adminDoClube: 200, adminDoSite: 200 }],
    ['privado', { ...everyone(404), visitante: 'entrar', participante: 403, organizador: 200, adminDoClube: 200, adminDoSite: 200 }],
  ])(
    'Gerenciar’s challenge edits and level or team changes in a marathon that is %s: its organisers and site admins (decision 0080)',
    async (visibility, expected) => {
      const cast = await createMarathonCast(visibility);
      const [challenge] = await queryRows<{ id: string }>(sql`SELECT id FROM marathon_challenges WHERE marathon_id = ${cast.marathon.id} AND kind = 'leitura'`);
      const editChallenge = { intent: 'editar-desafio', challengeId: challenge!.id, description: 'Leia um clássico', points: '5', revealsOn: '', levelId: '' };
      expect(await matrix((who) => call(manage.action, post(cast, who, editChallenge, '/gerenciar'), params(cast)))).toEqual(expected);
      // Removed by the first organiser, the challenge is not there for the next ones.
      const removeChallenge = { intent: 'remover-desafio', challengeId: challenge!.id };
      expect(await matrix((who) => call(manage.action, post(cast, who, removeChallenge, '/gerenciar'), params(cast)))).toEqual({
        ...expected,
        adminDoClube: 404,
        adminDoSite: 404,
      });
      // In teams, the participant moved to the second team.
      await getDb().execute(sql`UPDATE marathons SET mode = 'teams' WHERE id = ${cast.marathon.id}`);
      await getDb().execute(sql`INSERT INTO marathon_teams (id, marathon_id, position, name) VALUES
      (${`${cast.marathon.id}-t1`}, ${cast.marathon.id}, 0, 'Azul'), (${`${cast.marathon.id}-t2`}, ${cast.marathon.id}, 1, 'Verde')`);
      await getDb().execute(sql`UPDATE marathon_participants SET team_id = ${`${cast.marathon.id}-t1`} WHERE marathon_id = ${cast.marathon.id}`);
      const move = { intent: 'grupo', userId: cast.users.participante.id, groupId: `${cast.marathon.id}-t2` };
      expect(await matrix((who) => call(manage.action, post(cast, who, move, '/gerenciar'), params(cast)))).toEqual(expected);
      // A reader moves only themself, while registration is open: the participant; the others are not in it.
      const own = { intent: 'mudar', groupId: `${cast.marathon.id}-t1` };
      const visible = visibility === 'publico' ? 403 : 404;
      expect(await matrix((who) => call(page.action, post(cast, who, own), params(cast)))).toEqual({
        ...everyone(403),
        visitante: 'entrar',
        leitor: visible,
        banido: visible,
        membroDoClube: visible,
        participante: 200,
      });
    },
  );

  it.each(['publico', 'clube', 'privado'] as const)(
    'webhooks of a marathon that is %s: its organisers (the club’s owner and admins) and site admins; anyone else 404',
    async (visibility) => {
      const cast = await createMarathonCast(visibility);
      const expected = { ...everyone(404), visitante: 'entrar', organizador: 200, adminDoClube: 200, adminDoSite: 200 } as const;
      expect(await matrix((who) => call(webhooks.loader, get(cast, who, '/gerenciar/webhooks'), params(cast)))).toEqual(expected);
      const save = { intent: 'salvar', url: 'https://8.8.8.8/receber', apiKey: 'chave' };
      expect(await matrix((who) => call(webhooks.action, post(cast, who, save, '/gerenciar/webhooks'), params(cast)))).toEqual(expected);
      for (const intent of ['segredo', 'desativar', 'ativar', 'remover']) {
        const outcome = await matrix((who) => call(webhooks.action, post(cast, who, { intent }, '/gerenciar/webhooks'), params(cast)));
        // Removed by the first organiser, the webhook is not there for the next ones.
        expect(outcome).toEqual(intent === 'remover' ? { ...expected, adminDoClube: 404, adminDoSite: 404 } : expected);
      }
    },
  );

  it.each<[MarathonVisibility, Record<MarathonWho, Outcome>]>([
    ['publico', { ...everyone(200), visitante: 'entrar', participante: 400, banido: 403 }],
    ['clube', { ...everyone(200), visitante: 'entrar', leitor: 404, participante: 400, banido: 404, adminDoSite: 403 }],
    [
      'privado',
      { ...everyone(403), visitante: 'entrar', leitor: 404, participante: 400, banido: 404, membroDoClube: 404, organizador: 200, adminDoClube: 200 },
    ],
  ])('registering in a marathon that is %s', async (visibility, expected) => {
    const cast = await createMarathonCast(visibility);
    expect(await matrix((who) => call(page.action, post(cast, who, { intent: 'entrar' }), params(cast)))).toEqual(expected);
  });

  it.each<[MarathonVisibility, Record<MarathonWho, Outcome>]>([
    ['publico', { ...everyone(200), banido: 403 }],
    ['clube', { ...SEES.clube }],
    ['privado', { ...SEES.privado }],
  ])(
    'the board (progresso) of a marathon that is %s: who sees it sees the page (an invitation unless they take part); the banned have none',
    async (visibility, expected) => {
      const cast = await createMarathonCast(visibility);
      expect(await matrix((who) => call(board.loader, get(cast, who, '/progresso'), params(cast)))).toEqual(expected);
      const shown = async (who: MarathonWho) => (await call(board.loader, get(cast, who, '/progresso'), params(cast))) as { data: { board: unknown } };
      expect((await shown('participante')).data.board).not.toBeNull();
      expect((await shown('organizador')).data.board).toBeNull();
      if (visibility === 'publico') expect((await shown('visitante')).data.board).toBeNull();
    },
  );

  it.each<[MarathonVisibility, Record<MarathonWho, Outcome>]>([
    ['publico', { ...everyone(403), visitante: 'entrar', participante: 200 }],
    ['clube', { ...everyone(403), visitante: 'entrar', leitor: 404, banido: 404, participante: 200 }],
    ['privado', { ...everyone(403), visitante: 'entrar', leitor: 404, banido: 404, membroDoClube: 404, participante: 200 }],
  ])('changing a board of a marathon that is %s: only its active participants, while it runs', async (visibility, expected) => {
    const cast = await createMarathonCast(visibility);
    const today = todayIn('America/Sao_Paulo');
    await getDb().execute(sql`UPDATE marathons SET starts_on = ${today} WHERE id = ${cast.marathon.id}`);
    await getDb().execute(sql`UPDATE marathon_challenges SET reveals_on = NULL WHERE marathon_id = ${cast.marathon.id}`);
    const [activity] = await queryRows<{ id: string }>(sql`SELECT id FROM marathon_challenges WHERE marathon_id = ${cast.marathon.id} AND kind = 'atividade'`);
    const tick = (who: MarathonWho) =>
      call(board.action, post(cast, who, { intent: 'marcar', challengeId: activity!.id, done: 'sim' }, '/progresso'), params(cast));
    expect(await matrix(tick)).toEqual(expected);
    // Someone else's link, or one that does not exist, is 404; bad input is 400 next to its field.
    const send = (fields: Record<string, string>) => outcomeOf(call(board.action, post(cast, 'participante', fields, '/progresso'), params(cast)));
    expect(await send({ intent: 'desvincular', linkId: 'nao-existe' })).toBe(404);
    expect(await send({ intent: 'salvar', linkId: 'x', progress: '101', rating: '', comment: '', markedOn: '' })).toBe(400);
    // Before its first day and after its last, the participant's board is read-only (400, in Portuguese).
    await getDb().execute(sql`UPDATE marathons SET starts_on = ${addDays(today, 1)} WHERE id = ${cast.marathon.id}`);
    expect(await outcomeOf(tick('participante'))).toBe(400);
    await getDb().execute(
      sql`UPDATE marathons SET starts_on = ${addDays(today, -9)}, ends_on = ${addDays(today, -1)}, registration_opens_on = ${addDays(today, -10)}, registration_closes_on = ${addDays(today, -1)} WHERE id = ${cast.marathon.id}`,
    );
    expect(await outcomeOf(tick('participante'))).toBe(400);
  });

  it('leaving is for participants', async () => {
    const cast = await createMarathonCast('publico');
    expect(await matrix((who) => call(page.action, post(cast, who, { intent: 'sair' }), params(cast)))).toEqual({
      ...everyone(403),
      visitante: 'entrar',
      participante: 200,
    });
  });

  it('removing and banning are for organisers and site admins', async () => {
    const cast = await createMarathonCast('publico');
    const ban = (who: MarathonWho) => call(manage.action, post(cast, who, { intent: 'remover', userId: cast.users.banido.id }, '/gerenciar'), params(cast));
    const outcome = await matrix(ban);
    // The first organiser to try lets the banned reader back; later ones find no row (404 in Portuguese, next to the form).
    expect(outcome).toEqual({ ...everyone(403), visitante: 'entrar', organizador: 200, adminDoClube: 404, adminDoSite: 404 });
  });

  it.each(['publico', 'clube', 'privado'] as const)(
    'a marathon that is %s shows on its participant’s profile tab only to who may see it',
    async (visibility) => {
      const cast = await createMarathonCast(visibility);
      const shown = async (who: MarathonWho) => {
        const request = getRequest(`/u/${cast.users.participante.username}/maratonas`, cast.cookie(who));
        return JSON.stringify(await call(profileTab.loader, request, { username: cast.users.participante.username, tab: 'maratonas' })).includes(
          cast.marathon.slug,
        );
      };
      const seen = {} as Record<MarathonWho, boolean>;
      for (const who of MARATHON_ROLES_UNDER_TEST) seen[who] = await shown(who);
      expect(seen).toEqual(Object.fromEntries(Object.entries(SEES[visibility]).map(([who, outcome]) => [who, outcome === 200])));
    },
  );

  it('the directory, /m, /maratonas/aviso and /criar/maratona', async () => {
    const cast = await createMarathonCast('publico');
    expect(await matrix((who) => call(directory.loader, getRequest('/maratonas', cast.cookie(who))))).toEqual(everyone(200));
    expect(await matrix((who) => call(mine.loader, getRequest('/m', cast.cookie(who))))).toEqual({ ...everyone(200), visitante: 'entrar' });
    expect(await matrix((who) => call(notice.loader, getRequest('/maratonas/aviso', cast.cookie(who))))).toEqual({ ...everyone(200), visitante: 'entrar' });
    expect(await matrix((who) => call(create.loader, getRequest('/criar/maratona', cast.cookie(who))))).toEqual({ ...everyone(200), visitante: 'entrar' });
  });
});

/** The slugs /maratonas lists (upcoming ones) for a request. */
async function listed(cookie?: string): Promise<string[]> {
  const result = (await call(directory.loader, getRequest('/maratonas?fase=proximas', cookie))) as { data: { directory: { marathons: { slug: string }[] } } };
  return result.data.directory.marathons.map((m) => m.slug);
}

describe('marathons whose organiser may not be shown', () => {
  it('a public marathon of a club turned private is the club’s only: the same answers as a club’s marathon, and out of the directory', async () => {
    const cast = await createMarathonCast('publico');
    const [{ clubId }] = (await getDb().select({ clubId: marathons.organizerClubId }).from(marathons).where(eq(marathons.id, cast.marathon.id))) as [
      { clubId: string },
    ];
    await getDb().update(clubs).set({ visibility: 'privado' }).where(eq(clubs.id, clubId));
    expect(await matrix((who) => call(page.loader, get(cast, who), params(cast)))).toEqual(SEES.clube);
    expect(await matrix((who) => call(challenges.loader, get(cast, who, '/desafios'), params(cast)))).toEqual(SEES.clube);
    expect(await matrix((who) => call(ranking.loader, get(cast, who, '/ranking'), params(cast)))).toEqual(SEES.clube);
    expect(await matrix((who) => call(feed.loader, get(cast, who, '/feed'), params(cast)))).toEqual(SEES.clube);
    expect(await listed()).not.toContain(cast.marathon.slug);
    expect(await listed(cast.cookie('membroDoClube'))).not.toContain(cast.marathon.slug);
  });

  it('a suspended organiser’s marathon answers 404 to everyone but site admins, and leaves the directory', async () => {
    const organizer = await noticeReader();
    const admin = await noticeReader('admin');
    const reader = await noticeReader();
    const marathon = await createMarathon(organizer.viewer, marathonInput());
    expect(await listed()).toContain(marathon.slug);
    await getDb().update(users).set({ suspendedAt: new Date() }).where(eq(users.id, organizer.user.id));
    const open = (cookie?: string) => statusOf(call(page.loader, getRequest(`/m/${marathon.slug}`, cookie), { identificador: marathon.slug }));
    expect([await open(), await open(reader.user.cookie), await open(admin.user.cookie)]).toEqual([404, 404, 200]);
    expect(await listed()).not.toContain(marathon.slug);
    await expect(joinMarathon(reader.viewer, marathon.id, null)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('in a block with the organiser (either way), a reader gets 404, cannot register and does not see it listed', async () => {
    const organizer = await noticeReader();
    const [blocked, blocker, other] = [await noticeReader(), await noticeReader(), await noticeReader()];
    const marathon = await createMarathon(organizer.viewer, marathonInput());
    await blockReader(organizer.viewer, blocked.user.id);
    await blockReader(blocker.viewer, organizer.user.id);
    const open = (cookie: string) => statusOf(call(page.loader, getRequest(`/m/${marathon.slug}`, cookie), { identificador: marathon.slug }));
    expect([await open(blocked.user.cookie), await open(blocker.user.cookie), await open(other.user.cookie), await open(organizer.user.cookie)]).toEqual([
      404, 404, 200, 200,
    ]);
    for (const reader of [blocked, blocker]) {
      await expect(joinMarathon(reader.viewer, marathon.id, null)).rejects.toMatchObject({ code: 'not_found' });
      // The ranking's and the feed's data functions ask too, whoever calls them.
      await expect(getRanking(reader.viewer, marathon.id)).rejects.toMatchObject({ code: 'not_found' });
      await expect(listMarathonFeed(reader.viewer, marathon.id, null)).rejects.toMatchObject({ code: 'not_found' });
      expect(await listed(reader.user.cookie)).not.toContain(marathon.slug);
    }
    expect(await listed(other.user.cookie)).toContain(marathon.slug);
  });

  it('/m keeps only the joined marathons the reader may still open (a club’s, once they left the club, drops out)', async () => {
    const cast = await createMarathonCast('clube');
    const slugs = async () => {
      const result = (await call(mine.loader, getRequest('/m', cast.cookie('participante')))) as { mine: { joined: { slug: string }[] } };
      return result.mine.joined.map((m) => m.slug);
    };
    expect(await slugs()).toContain(cast.marathon.slug);
    // The reader leaves the club; their marathon row stays, and the marathon is the club's only.
    await getDb().delete(clubMembers).where(eq(clubMembers.userId, cast.users.participante.id));
    expect(await slugs()).not.toContain(cast.marathon.slug);
  });
});
