import { beforeEach, describe, expect, it } from 'vitest';
import { joinClub } from '~/features/clubs/membership.server';
import { createClub, updateClubSettings } from '~/features/clubs/mutations.server';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { clearHtmlCache, listenForInvalidations } from '~/server/html-cache.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, testViewer, type TestUser } from '../../test/factories';
import { dropped, kept, visit, type Page } from '../../test/page-cache';
import * as landing from './_index';
import * as clubPage from './clube.$identificador';
import * as directory from './clubes';

useTestDatabase();

const verified = (user: TestUser): Viewer => ({ ...testViewer(user), emailVerified: true });
const pageOf = (slug: string): Page => ({ url: new URL(`http://localhost:3000/clube/${slug}`), route: clubPage, params: { identificador: slug } });
const directoryPage: Page = { url: new URL('http://localhost:3000/clubes'), route: directory, params: {} };
const landingPage: Page = { url: new URL('http://localhost:3000/'), route: landing, params: {} };

describe("visitors' cached club pages", () => {
  beforeEach(async () => {
    clearHtmlCache();
    await listenForInvalidations();
  });

  it('are dropped when someone joins, when a member starts a book, and when the club changes; other clubs stay cached', async () => {
    const owner = verified(await createUser());
    const club = await createClub(owner, { name: 'Clube da Foca', description: 'Lemos juntos.', visibility: 'aberto', categories: ['geral'] });
    const other = await createClub(owner, { name: 'Outro Clube', description: '', visibility: 'aberto', categories: [] });
    const [page, otherPage] = [pageOf(club.slug), pageOf(other.slug)];
    for (const p of [page, otherPage, directoryPage, landingPage]) await visit(p);
    await kept(page, otherPage, directoryPage, landingPage);

    const reader = verified(await createUser());
    await joinClub(reader, club.id);
    await dropped(page, directoryPage, landingPage);
    expect(await visit(page)).toContain('"memberCount":2');
    await visit(directoryPage);

    const edition = await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'], pages: 264 });
    await setShelfStatus(reader, edition, 'reading');
    await dropped(page);
    expect(await visit(page)).toContain('Torto Arado');
    await kept(otherPage);

    await updateClubSettings(owner, club.id, {
      name: 'Clube da Foca Leitora',
      slug: club.slug,
      description: '',
      welcomeText: '',
      rules: '',
      visibility: 'aberto',
      categories: [],
      memberCap: null,
      membersCanPost: false,
    });
    await dropped(page, directoryPage);
    expect(await visit(page)).toContain('Clube da Foca Leitora');
  });
});
