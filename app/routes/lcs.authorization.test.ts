import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { schedulePath } from '~/features/lcs/feed.server';
import { listStages } from '~/features/lcs/queries.server';
import { addMaterialFile, listMaterials } from '~/features/lcs/materials/materials.server';
import { createGroupRead } from '~/features/lcs/mutations.server';
import type { GroupReadVisibility } from '~/features/lcs/vocabulary';
import { useTestDatabase } from '../../test/db';
import { formRequest, getRequest } from '../../test/factories';
import { LC_ROLES_UNDER_TEST, type LcCast, type LcWho, createLcCast, lcInput } from '../../test/lc-fixtures';
import { call, matrixOf, statusOf, type Outcome } from '../../test/routes';
import * as create from './criar.lc';
import * as mine from './lc';
import * as page from './lc.$identificador';
import * as schedule from './lc.$identificador.cronograma';
import * as feed from './lc.$identificador.cronograma[.]ics';
import * as books from './lc.$identificador.livros';
import * as manage from './lc.$identificador.gerenciar';
import * as discussion from './lc.$identificador.discussao';
import * as participants from './lc.$identificador.participantes';
import * as progress from './lc.$identificador.progresso';
import * as materials from './lc.$identificador.materiais';
import * as materialFile from './lc.$identificador.materiais.$material';
import * as directory from './lcs';
import * as profileTab from './u.$username.$tab';

useTestDatabase();

const everyone = (outcome: Outcome) => Object.fromEntries(LC_ROLES_UNDER_TEST.map((who) => [who, outcome])) as Record<LcWho, Outcome>;
const signedIn = { ...everyone(200), visitante: 'entrar' } as Record<LcWho, Outcome>;

const matrix = (run: (who: LcWho) => Promise<unknown>) => matrixOf(LC_ROLES_UNDER_TEST, run);

const params = (cast: LcCast) => ({ identificador: cast.lc.slug });
const get = (cast: LcCast, who: LcWho, path = '') => getRequest(`/lc/${cast.lc.slug}${path}`, cast.cookie(who));
const post = (cast: LcCast, who: LcWho, fields: Record<string, string>, path = '') =>
  formRequest(`/lc/${cast.lc.slug}${path}`, fields, { cookie: cast.cookie(who) ?? '' });

/** Who sees an LC of each visibility: a club's LC to its members and those with a place; a private one only to those with a place. */
const SEES: Record<GroupReadVisibility, Record<LcWho, Outcome>> = {
  publico: everyone(200),
  clube: { ...everyone(200), visitante: 404, leitor: 404, banido: 404 },
  privado: { ...everyone(200), visitante: 404, leitor: 404, banido: 404, membroDoClube: 404 },
};

describe('LCs: who may open what', () => {
  it.each(['publico', 'clube', 'privado'] as const)('an LC that is %s: its page and every tab answer alike', async (visibility) => {
    const cast = await createLcCast(visibility);
    expect(await matrix((who) => call(page.loader, get(cast, who), params(cast)))).toEqual(SEES[visibility]);
    expect(await matrix((who) => call(books.loader, get(cast, who, '/livros'), params(cast)))).toEqual(SEES[visibility]);
    expect(await matrix((who) => call(schedule.loader, get(cast, who, '/cronograma'), params(cast)))).toEqual(SEES[visibility]);
    expect(await matrix((who) => call(feed.loader, get(cast, who, '/cronograma.ics'), params(cast)))).toEqual(SEES[visibility]);
    // A calendar app with a reader's personal key and no session reads as that reader (the visitor has no key).
    const keyed = (who: LcWho) =>
      (who === 'visitante' ? '/cronograma.ics' : schedulePath({ ...cast.lc, visibility: 'privado' }, cast.viewers[who])).replace(`/lc/${cast.lc.slug}`, '');
    expect(await matrix((who) => call(feed.loader, get(cast, 'visitante', keyed(who)), params(cast)))).toEqual(SEES[visibility]);
    expect(await matrix((who) => call(discussion.loader, get(cast, who, '/discussao'), params(cast)))).toEqual(SEES[visibility]);
    expect(await matrix((who) => call(discussion.loader, get(cast, who, '/discussao?etapa=2'), params(cast)))).toEqual(SEES[visibility]);
    expect(await matrix((who) => call(participants.loader, get(cast, who, '/participantes'), params(cast)))).toEqual(SEES[visibility]);
    expect(await matrix((who) => call(progress.loader, get(cast, who, '/progresso'), params(cast)))).toEqual({
      ...SEES[visibility],
      visitante: 'entrar',
    });
  });

  it("a public LC of a club that went private (written straight to the table) answers as the club's LC", async () => {
    const cast = await createLcCast('publico');
    await getDb().execute(sql`UPDATE clubs SET visibility = 'privado' WHERE id = (SELECT host_club_id FROM group_reads WHERE id = ${cast.lc.id})`);
    expect(await matrix((who) => call(page.loader, get(cast, who), params(cast)))).toEqual(SEES.clube);
    expect(await matrix((who) => call(discussion.loader, get(cast, who, '/discussao'), params(cast)))).toEqual(SEES.clube);
  });

  it('an etapa the schedule does not have is 404 in the discussion', async () => {
    const cast = await createLcCast('publico');
    expect(await statusOf(call(discussion.loader, get(cast, 'participante', '/discussao?etapa=9'), params(cast)))).toBe(404);
  });

  it.each<[GroupReadVisibility, Record<LcWho, Outcome>]>([
    ['publico', { ...everyone(403), visitante: 'entrar', participante: 200 }],
    ['privado', { ...everyone(403), visitante: 'entrar', participante: 200, leitor: 404, banido: 404, membroDoClube: 404 }],
  ])(
    'in an LC that is %s, "mostrar mesmo assim", "li esta etapa" and commenting are for participants (and comments for hosts)',
    async (visibility, expected) => {
      const cast = await createLcCast(visibility);
      const [first, second] = await listStages(cast.lc.id);
      expect(await matrix((who) => call(discussion.action, post(cast, who, { intent: 'mostrar', stageId: second!.id }, '/discussao'), params(cast)))).toEqual(
        expected,
      );
      expect(await matrix((who) => call(progress.action, post(cast, who, { intent: 'nao-li-etapa', stageId: first!.id }, '/progresso'), params(cast)))).toEqual(
        expected,
      ); // taking back a mark one never made is a no-op for a participant
      // The participant revealed etapa 2 above: they may write there (the gate refusing the others is in lcs-discussion.test.ts).
      const comment = { intent: 'comentar', stageId: second!.id, comment: 'Oi!' };
      expect(await matrix((who) => call(discussion.action, post(cast, who, comment, '/discussao'), params(cast)))).toEqual({
        ...expected,
        anfitriao: 200,
      });
    },
  );

  it.each<[GroupReadVisibility, Record<LcWho, Outcome>]>([
    ['publico', { ...everyone(200), visitante: 'entrar', participante: 400, espera: 400, banido: 403 }],
    ['clube', { ...everyone(200), visitante: 'entrar', leitor: 404, participante: 400, espera: 400, banido: 404, adminDoSite: 403 }],
    ['privado', { ...everyone(200), visitante: 'entrar', leitor: 404, participante: 400, espera: 400, banido: 404, membroDoClube: 404, adminDoSite: 403 }],
  ])('the join button of an LC that is %s', async (visibility, expected) => {
    const cast = await createLcCast(visibility);
    expect(await matrix((who) => call(page.action, post(cast, who, { intent: 'entrar' }), params(cast)))).toEqual(expected);
  });

  it('leaving is for those with a place, on the waiting list or invited', async () => {
    const cast = await createLcCast('publico');
    expect(await matrix((who) => call(page.action, post(cast, who, { intent: 'sair' }), params(cast)))).toEqual({
      ...everyone(403),
      visitante: 'entrar',
      participante: 200,
      espera: 200,
      convidado: 200,
    });
  });

  it.each(['publico', 'clube', 'privado'] as const)('an LC that is %s: its materiais tab and the URL of its file answer alike', async (visibility) => {
    const cast = await createLcCast(visibility);
    const pdf = new File([Buffer.from('%PDF-1.4 mapa')], 'mapa.pdf', { type: 'application/pdf' });
    await addMaterialFile(cast.viewers.anfitriao, cast.lc.id, 'Mapa', pdf);
    const [, file] = await listMaterials(cast.lc);
    const material = { ...params(cast), material: file!.id };
    expect(await matrix((who) => call(materials.loader, get(cast, who, '/materiais'), params(cast)))).toEqual(SEES[visibility]);
    expect(await matrix((who) => call(materialFile.loader, get(cast, who, `/materiais/${file!.id}`), material))).toEqual(SEES[visibility]);
    // Another LC's material under this LC's address is no file of this one.
    const other = await createGroupRead(cast.viewers.anfitriao, await lcInput({ title: 'Outra LC' }));
    const otherUrl = getRequest(`/lc/${other.slug}/materiais/${file!.id}`, cast.cookie('anfitriao'));
    expect(await statusOf(call(materialFile.loader, otherUrl, { identificador: other.slug, material: file!.id }))).toBe(404);
  });

  it.each(['publico', 'clube', 'privado'] as const)(
    'an LC that is %s on the lcs tab of a participant’s profile: listed to exactly who sees the LC',
    async (visibility) => {
      const cast = await createLcCast(visibility);
      const username = cast.users.participante.username;
      const listed = await matrix(async (who) => {
        const tab = (await call(profileTab.loader, getRequest(`/u/${username}/lcs`, cast.cookie(who)), { username, tab: 'lcs' })) as {
          data: { groupReads: { joined: { id: string }[] } };
        };
        // Listed reads as 200, left out as 404: the same rows as the LC's own page.
        return { init: { status: tab.data.groupReads.joined.some((lc) => lc.id === cast.lc.id) ? 200 : 404 } };
      });
      expect(listed).toEqual(SEES[visibility]);
    },
  );

  it.each<[GroupReadVisibility, Record<LcWho, Outcome>]>([
    ['publico', { ...everyone(403), visitante: 'entrar', anfitriao: 200, adminDoSite: 200 }],
    ['privado', { ...everyone(403), visitante: 'entrar', leitor: 404, banido: 404, membroDoClube: 404, anfitriao: 200, adminDoSite: 200 }],
  ])('adding a material to an LC that is %s is for its hosts (and the site admins)', async (visibility, expected) => {
    const cast = await createLcCast(visibility);
    const link = (who: LcWho) => ({ intent: 'link', title: `Playlist de ${who}`, url: 'https://exemplo.com.br/playlist' });
    expect(await matrix((who) => call(materials.action, post(cast, who, link(who), '/materiais'), params(cast)))).toEqual(expected);
  });

  it.each<[GroupReadVisibility, Record<LcWho, Outcome>]>([
    ['publico', { ...everyone(403), visitante: 'entrar', anfitriao: 200, adminDoSite: 200 }],
    ['privado', { ...everyone(403), visitante: 'entrar', leitor: 404, banido: 404, membroDoClube: 404, anfitriao: 200, adminDoSite: 200 }],
  ])('host tools of an LC that is %s: the page, shifting and editing the schedule', async (visibility, expected) => {
    const cast = await createLcCast(visibility);
    expect(await matrix((who) => call(manage.loader, get(cast, who, '/gerenciar'), params(cast)))).toEqual(expected);
    expect(await matrix((who) => call(manage.action, post(cast, who, { intent: 'adiar', days: '1' }, '/gerenciar'), params(cast)))).toEqual(expected);
    expect(await matrix((who) => call(manage.action, post(cast, who, { intent: 'etapas', linha: 'mais' }, '/gerenciar'), params(cast)))).toEqual(expected);
  });

  it('removing a participant and closing early are the host’s (and the site admins’)', async () => {
    const cast = await createLcCast('publico');
    const remove = { intent: 'remover', userId: cast.users.espera.id };
    const seen = await matrix((who) =>
      call(manage.action, post(cast, who, who === 'adminDoSite' ? { intent: 'encerrar' } : remove, '/gerenciar'), params(cast)),
    );
    expect(seen).toEqual({ ...everyone(403), visitante: 'entrar', anfitriao: 200, adminDoSite: 200 });
  });

  it('/lc and /criar/lc are for signed-in readers; /lcs for everyone', async () => {
    const cast = await createLcCast('publico');
    expect(await matrix((who) => call(mine.loader, getRequest('/lc', cast.cookie(who))))).toEqual(signedIn);
    expect(await matrix((who) => call(create.loader, getRequest('/criar/lc', cast.cookie(who))))).toEqual(signedIn);
    expect(await matrix((who) => call(directory.loader, getRequest('/lcs', cast.cookie(who))))).toEqual(everyone(200));
  });
});
