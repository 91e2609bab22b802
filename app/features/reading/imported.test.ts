import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, testViewer } from '../../../test/factories';
import { shelve } from '../../../test/reading-factories';
import { upsertImportedReviews } from './imported.server';
import { getMyReview } from './reviews/queries.server';

useTestDatabase();

async function importReview(verified: boolean) {
  const reader = await createUser({ verified });
  const edition = await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'] });
  const entry = await shelve(reader.id, edition);
  await getDb().transaction((tx) =>
    upsertImportedReviews(tx, { id: reader.id, verified, visibility: 'seguidores' }, [
      { shelfEntryId: entry, editionId: edition, body: 'Um livro *forte*.\n\n||O fim||', spoiler: true },
    ]),
  );
  return getMyReview(testViewer(reader), edition);
}

describe('imported reviews', () => {
  it('are published with no draft beside them, so the editor has no unpublished changes to announce', async () => {
    // The editor says "Você tem alterações não publicadas" whenever a published review has a draft.
    expect(await importReview(true)).toMatchObject({
      body: 'Um livro *forte*.\n\n||O fim||',
      spoiler: true,
      visibility: 'seguidores',
      publishedAt: expect.any(String),
      draftBody: null,
      draftSavedAt: null,
      draftSpoiler: true,
      draftVisibility: 'seguidores',
    });
  });

  it('stay a draft for a reader who cannot publish yet', async () => {
    expect(await importReview(false)).toMatchObject({
      body: null,
      publishedAt: null,
      draftBody: 'Um livro *forte*.\n\n||O fim||',
      draftSpoiler: true,
      draftVisibility: 'seguidores',
      draftSavedAt: expect.any(String),
    });
  });
});
