import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { shelves, users } from '~/db/schema';
import { newId } from '~/lib/ids';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../test/db';
import { createUser, testViewer } from '../../../test/factories';
import { call, type Failure } from '../../../test/routes';
import * as importPage from '../../routes/configuracoes.importacoes.$id';
import { runReaderImport } from './job.server';
import { createReaderImport } from './mutations.server';
import { readReaderImport } from './queries.server';
import { importPreviewInput } from './validation';

useTestDatabase();

/**
 * A small Goodreads file of the shape real ones have (issue 26, items 5 and 6): custom shelves with their
 * positions ("favorites (#3), brasileiros (#1), read (#40)"), favorites listed #3, #2, #1 down the file.
 */
const GOODREADS = readFileSync(path.join(import.meta.dirname, 'fixtures', 'goodreads-shelf-positions.csv'), 'utf8');

const reader = async () => {
  const user = await createUser({ verified: true });
  return { user, viewer: { ...testViewer(user), emailVerified: true } satisfies Viewer };
};

const postTo = (id: string, cookie: string) => (fields: Record<string, string>) =>
  call(
    importPage.action,
    new Request(`http://localhost:3000/configuracoes/importacoes/${id}`, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { Origin: 'http://localhost:3000', Cookie: cookie },
    }),
    { id },
  );

type ShelfRow = { name: string; visibility: string; titles: string[] | null };
const shelvesOf = (userId: string) =>
  queryRows<ShelfRow>(sql`
    SELECT sh.name, sh.visibility,
      (SELECT json_agg(e.title ORDER BY i.position, i.shelf_entry_id) FROM shelf_items i JOIN shelf_entries s ON s.id = i.shelf_entry_id JOIN editions e ON e.id = s.edition_id
        WHERE i.shelf_id = sh.id) AS titles
    FROM shelves sh WHERE sh.user_id = ${userId} ORDER BY sh.name`);

describe('the custom shelves of an import', () => {
  it('lists the shelves the file creates with their books, and creates them private unless the reader chooses another audience', async () => {
    const { user, viewer } = await reader();
    // A shelf the reader already has keeps its audience.
    await getDb().insert(shelves).values({ id: newId(), userId: user.id, name: 'classicos', visibility: 'publico' });
    const { id } = await createReaderImport(viewer, { fileName: 'goodreads_library_export.csv', text: GOODREADS });

    const preview = await readReaderImport(viewer, id);
    expect(preview.newShelves).toEqual([
      { name: 'brasileiros', books: 2 },
      { name: 'favorites', books: 3 },
    ]);
    expect(preview.shelfVisibility).toBe('privado');

    const post = postTo(id, user.cookie);
    const refused = (await post({ intent: 'confirmar', estantes_visibilidade: 'todo-mundo' })) as Failure;
    expect(refused.init.status).toBe(400);
    expect(refused.data.fields.estantes_visibilidade).toBe('todo-mundo');
    expect(refused.data.fieldErrors.estantes_visibilidade).toBe('Escolha quem pode ver as estantes novas.');

    await post({ intent: 'confirmar', estantes_visibilidade: 'seguidores' });
    await runReaderImport(id);
    const after = await shelvesOf(user.id);
    expect(after.map((s) => [s.name, s.visibility])).toEqual([
      ['brasileiros', 'seguidores'],
      ['classicos', 'publico'],
      ['favorites', 'seguidores'],
    ]);
  });

  it('creates the new shelves private when the reader says nothing', async () => {
    const { user, viewer } = await reader();
    const { id } = await createReaderImport(viewer, { fileName: 'goodreads_library_export.csv', text: GOODREADS });
    await postTo(id, user.cookie)({ intent: 'confirmar' });
    await runReaderImport(id);
    expect(new Set((await shelvesOf(user.id)).map((s) => s.visibility))).toEqual(new Set(['privado']));
  });

  it('never makes a shelf wider than a restricted profile: Pública becomes Só seguidores', async () => {
    const { user, viewer } = await reader();
    await getDb().update(users).set({ profileVisibility: 'restrito' }).where(eq(users.id, user.id));
    const { id } = await createReaderImport(viewer, { fileName: 'goodreads_library_export.csv', text: GOODREADS });
    await postTo(id, user.cookie)({ intent: 'confirmar', estantes_visibilidade: 'publico' });
    await runReaderImport(id);
    expect(new Set((await shelvesOf(user.id)).map((s) => s.visibility))).toEqual(new Set(['seguidores']));
  });

  it('keeps each shelf in the order of the file’s positions, not the order of its rows', async () => {
    const { user, viewer } = await reader();
    const { id } = await createReaderImport(viewer, { fileName: 'goodreads_library_export.csv', text: GOODREADS });
    await postTo(id, user.cookie)({ intent: 'confirmar' });
    await runReaderImport(id);
    expect(Object.fromEntries((await shelvesOf(user.id)).map((s) => [s.name, s.titles]))).toEqual({
      brasileiros: ['Torto Arado', 'Quarto de Despejo'],
      classicos: ['Dom Casmurro'],
      favorites: ['Quarto de Despejo', 'Dom Casmurro', 'Torto Arado'],
    });
  });

  it('refuses an audience that is not one of the three, in Portuguese', () => {
    const parsed = importPreviewInput.safeParse({ intent: 'confirmar', estantes_visibilidade: 'amigos' });
    expect(parsed.success).toBe(false);
    expect(importPreviewInput.parse({ intent: 'confirmar' })).toMatchObject({ estantes_visibilidade: 'privado' });
  });
});
