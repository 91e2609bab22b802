import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { clubs, marathonChallenges, marathonLevels, marathons, users } from '~/db/schema';
import { tickChallenge } from '~/features/marathons/board.server';
import { changeParticipantGroup, removeChallenge, updateChallenge } from '~/features/marathons/organizer-edits.server';
import { todayIn } from '~/lib/calendar';
import { updateClubSettings } from '~/features/clubs/mutations.server';
import { addChallenge, createMarathon, joinMarathon, updateMarathonSettings } from '~/features/marathons/mutations.server';
import { clearHtmlCache, listenForInvalidations } from '~/server/html-cache.server';
import { useTestDatabase } from '../../test/db';
import { createMarathonCast, marathonInput, noticeReader } from '../../test/marathon-fixtures';
import { dropped, kept, settled, visit, type Page } from '../../test/page-cache';
import * as marathonPage from './m.$identificador';
import * as challengesPage from './m.$identificador.desafios';
import * as participantsPage from './m.$identificador.participantes';
import * as boardPage from './m.$identificador.progresso';
import * as directory from './maratonas';
import * as landing from './_index';

useTestDatabase();

const pagesOf = (slug: string): Page[] =>
  (
    [
      ['', marathonPage],
      ['/desafios', challengesPage],
      ['/participantes', participantsPage],
      ['/progresso', boardPage],
    ] as const
  ).map(([tab, route]) => ({ url: new URL(`http://localhost:3000/m/${slug}${tab}`), route, params: { identificador: slug } }));
const landingPage: Page = { url: new URL('http://localhost:3000/'), route: landing, params: {} };
const directoryPage = (fase: string): Page => ({ url: new URL(`http://localhost:3000/maratonas?fase=${fase}`), route: directory, params: {} });

describe("visitors' cached marathon pages", () => {
  beforeEach(async () => {
    clearHtmlCache();
    await listenForInvalidations();
  });

  it('are dropped when someone registers, a challenge is added or the marathon changes; other marathons stay cached', async () => {
    const { viewer: organizer } = await noticeReader();
    const marathon = await createMarathon(organizer, marathonInput());
    const other = await createMarathon(organizer, marathonInput({ name: 'Outra maratona' }));
    const pages = pagesOf(marathon.slug);
    const otherPages = pagesOf(other.slug);
    const list = directoryPage('proximas');
    await settled();
    for (const p of [...pages, ...otherPages, list, landingPage]) await visit(p);
    expect(await visit(list)).toContain(marathon.slug);
    expect(await visit(landingPage)).toContain(marathon.slug);

    const { viewer: reader } = await noticeReader();
    await joinMarathon(reader, marathon.id, null);
    await dropped(...pages, list);
    await kept(...otherPages);
    expect(await visit(pages[0]!)).toContain('"participantCount":1');
    await visit(pages[1]!);

    await addChallenge(organizer, marathon.id, {
      categoryId: '',
      newCategory: 'Extras',
      kind: 'atividade',
      description: 'Leia numa praça',
      points: 2,
      revealsOn: null,
      levelId: null,
      completesOnFinish: false,
    });
    await dropped(pages[1]!);
    expect(await visit(pages[1]!)).toContain('Leia numa praça');

    const input = marathonInput();
    await updateMarathonSettings(organizer, marathon.id, {
      name: 'Maratona renomeada',
      slug: marathon.slug,
      description: '',
      rules: '',
      visibility: 'publico',
      timeZone: input.timeZone,
      startsOn: input.startsOn,
      endsOn: input.endsOn,
      registrationOpensOn: input.registrationOpensOn,
      registrationClosesOn: input.registrationClosesOn,
    });
    await dropped(pages[0]!, list, landingPage);
    expect(await visit(pages[0]!)).toContain('Maratona renomeada');
    expect(await visit(landingPage)).toContain('Maratona renomeada');
    await kept(...otherPages);
  });

  it('are dropped when an organiser edits or removes a challenge, or moves a participant (decision 0080)', async () => {
    const { viewer: organizer } = await noticeReader();
    const marathon = await createMarathon(organizer, marathonInput({ mode: 'levels', groups: [{ name: 'Iniciante' }, { name: 'Avançado' }] }));
    const levels = await getDb()
      .select({ id: marathonLevels.id })
      .from(marathonLevels)
      .where(eq(marathonLevels.marathonId, marathon.id))
      .orderBy(marathonLevels.position);
    const { user, viewer: reader } = await noticeReader();
    await joinMarathon(reader, marathon.id, levels[0]!.id);
    const [challenge] = await getDb()
      .select({ id: marathonChallenges.id })
      .from(marathonChallenges)
      .where(and(eq(marathonChallenges.marathonId, marathon.id), eq(marathonChallenges.kind, 'leitura')));
    const pages = pagesOf(marathon.slug);
    const otherPages = pagesOf((await createMarathon(organizer, marathonInput({ name: 'Outra maratona' }))).slug);
    await settled();
    for (const p of [...pages, ...otherPages]) await visit(p);
    const edit = { challengeId: challenge!.id, description: 'Leia um clássico de cordel', points: 3, revealsOn: null, levelId: null, completesOnFinish: true };
    await updateChallenge(organizer, marathon.id, edit);
    await dropped(...pages);
    await kept(...otherPages);
    expect(await visit(pages[1]!)).toContain('Leia um clássico de cordel');
    for (const p of pages) await visit(p);
    await changeParticipantGroup(organizer, marathon.id, user.id, levels[1]!.id);
    await dropped(...pages);
    expect(await visit(pages[2]!)).toContain('Avançado');
    for (const p of pages) await visit(p);
    await removeChallenge(organizer, marathon.id, challenge!.id);
    await dropped(...pages);
    expect(await visit(pages[1]!)).not.toContain('Leia um clássico de cordel');
    await kept(...otherPages);
  });

  it('are dropped when the organising reader is suspended, and when the organising club turns private', async () => {
    const { user, viewer: organizer } = await noticeReader();
    const marathon = await createMarathon(organizer, marathonInput());
    const list = directoryPage('proximas');
    await settled();
    for (const p of [...pagesOf(marathon.slug), list]) await visit(p);
    await getDb().update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    await dropped(...pagesOf(marathon.slug), list);
    expect(await visit(list)).not.toContain(marathon.slug);

    const cast = await createMarathonCast('publico');
    const pages = pagesOf(cast.marathon.slug);
    await settled();
    for (const p of [...pages, list]) await visit(p);
    const [club] = await getDb()
      .select({ id: clubs.id, name: clubs.name, slug: clubs.slug })
      .from(clubs)
      .innerJoin(marathons, eq(marathons.organizerClubId, clubs.id))
      .where(eq(marathons.id, cast.marathon.id));
    await updateClubSettings(cast.viewers.organizador, club!.id, {
      name: club!.name,
      slug: club!.slug,
      description: '',
      welcomeText: '',
      rules: '',
      visibility: 'privado',
      categories: [],
      memberCap: null,
      membersCanPost: false,
    });
    await dropped(...pages, list);
    expect(await visit(list)).not.toContain(cast.marathon.slug);
  });

  it('a board change drops only what shows scores: the visitors’ copies of the marathon’s pages stay', async () => {
    const { viewer: organizer } = await noticeReader();
    const marathon = await createMarathon(organizer, marathonInput({ startsOn: todayIn('America/Sao_Paulo') }));
    const { viewer: reader } = await noticeReader();
    await joinMarathon(reader, marathon.id, null);
    await getDb().update(marathonChallenges).set({ revealsOn: null }).where(eq(marathonChallenges.marathonId, marathon.id));
    const [activity] = await getDb()
      .select({ id: marathonChallenges.id })
      .from(marathonChallenges)
      .where(and(eq(marathonChallenges.marathonId, marathon.id), eq(marathonChallenges.kind, 'atividade')));
    const pages = pagesOf(marathon.slug);
    await settled();
    for (const p of pages) await visit(p);
    expect(await visit(pages[3]!)).toContain('"board":null');
    await tickChallenge(reader, marathon.id, activity!.id, true);
    await settled();
    await kept(...pages);
  });
});
