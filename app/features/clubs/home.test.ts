import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { users } from '~/db/schema';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { createClubCast } from '../../../test/club-fixtures';
import { useTestDatabase } from '../../../test/db';
import { createEdition } from '../../../test/factories';
import { createActivity } from './activities/mutations.server';
import { getClubHome, NEXT_ACTIVITIES_MAX } from './home.server';
import { createClubPost, setClubPostPinned } from './posts/mutations.server';
import { EXCERPT_LENGTH } from './posts/queries.server';
import { getClubBySlug } from './queries.server';

useTestDatabase();

const DAY = 24 * 3600 * 1000;

describe("a club's home (/clube/{identificador})", () => {
  it('lists the next activities in order, the pinned posts each viewer may read, and what members are reading', async () => {
    const cast = await createClubCast();
    const { viewers, users: people, club, plans } = cast;
    const soon = (days: number) => new Date(Date.now() + days * DAY);
    const activity = (title: string, startsAt: Date) =>
      createActivity(viewers.dono, club.id, { kind: 'live', title, description: '', startsAt, endsAt: null, link: null, editionId: null });
    await activity('Já passou', soon(-2));
    for (const [title, days] of [
      ['Terceiro encontro', 9],
      ['Primeiro encontro', 1],
      ['Quarto encontro', 12],
      ['Segundo encontro', 5],
    ] as const)
      await activity(title, soon(days));

    const post = async (title: string, visibility: 'publico' | 'membros' | 'plano', body = 'Texto curto.') => {
      const id = await createClubPost(viewers.dono, club.id, {
        kind: 'post',
        content: { title, body, visibility, minPlanId: visibility === 'plano' ? plans.paid : null },
      });
      await setClubPostPinned(viewers.dono, club.id, id, true);
      return id;
    };
    await post('Aviso público', 'publico', `Começo do aviso. ${'palavra '.repeat(100)}`);
    await post('Só para membros', 'membros');
    await post('Para mecenas', 'plano');

    const edition = await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'], pages: 264 });
    const hidden = await createEdition({ title: 'Livro escondido', authors: ['Autora Reservada'], pages: 100 });
    await setShelfStatus(viewers.membro, edition, 'reading');
    await setShelfStatus(viewers.moderador, hidden, 'reading');
    await getDb().update(users).set({ showCurrentlyReading: false }).where(eq(users.id, people.moderador.id));
    // A reader who is not an active member does not show, whatever they read.
    await setShelfStatus(viewers.pendente, edition, 'reading');

    const homeOf = async (who: 'naoMembro' | 'membro' | 'membroComPlano') => {
      const detail = await getClubBySlug(viewers[who], club.slug);
      return getClubHome(viewers[who], detail!);
    };

    const member = await homeOf('membro');
    expect(member.activities.map((a) => a.title)).toEqual(['Primeiro encontro', 'Segundo encontro', 'Terceiro encontro'].slice(0, NEXT_ACTIVITIES_MAX));
    expect(member.pinned.map((p) => p.title).sort()).toEqual(['Aviso público', 'Só para membros']);
    const excerpt = member.pinned.find((p) => p.title === 'Aviso público')!.excerptHtml;
    expect(excerpt).toContain('Começo do aviso.');
    expect(excerpt.replace(/<[^>]+>/g, '').length).toBeLessThanOrEqual(EXCERPT_LENGTH + 2);
    expect(member.reading.map((r) => [r.reader.username, r.edition.title])).toEqual([[people.membro.username, 'Torto Arado']]);

    expect((await homeOf('membroComPlano')).pinned.map((p) => p.title).sort()).toEqual(['Aviso público', 'Para mecenas', 'Só para membros']);
    expect((await homeOf('naoMembro')).pinned.map((p) => p.title)).toEqual(['Aviso público']);
  });
});
