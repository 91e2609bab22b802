import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { newId } from '~/lib/ids';
import { useTestDatabase } from '../../test/db';
import { createUser, formRequest, testViewer } from '../../test/factories';
import { call } from '../../test/routes';
import * as abrigo from './foca.abrigo';
import { grantEgg, replaceRandomForTests } from '~/features/focus/game.server';

useTestDatabase();
afterEach(() => replaceRandomForTests(null));

/** A reader with one hatched pet (their companion), as the shelter shows it. */
async function readerWithPet() {
  const user = await createUser();
  const viewer = testViewer(user);
  await getDb().transaction((tx) => grantEgg(tx, viewer.id, { source: 'task', sourceKey: 'task:review', rarity: 'comum' }));
  await getDb().execute(sql`UPDATE focus_eggs SET minutes = 60, hatched_at = now() WHERE user_id = ${viewer.id}`);
  const [egg] = await queryRows<{ id: string }>(sql`SELECT id FROM focus_eggs WHERE user_id = ${viewer.id}`);
  const petId = newId();
  await getDb().execute(sql`INSERT INTO focus_pets (id, user_id, egg_id, species, companion) VALUES (${petId}, ${viewer.id}, ${egg!.id}, 'foca-comum', true)`);
  return { user, petId };
}

describe('pet names in /foca/abrigo', () => {
  it('a name with a NUL character is refused next to its field (400), not a server error', async () => {
    const { user, petId } = await readerWithPet();
    const name = 'Nanuk\u0000';
    const request = formRequest('/foca/abrigo', { intent: 'renomear', pet: petId, name }, { cookie: user.cookie });
    // PostgreSQL refuses a NUL in text: the form says so next to the name (every form read by parseForm does).
    await expect(call(abrigo.action, request)).resolves.toMatchObject({ init: { status: 400 }, data: { fieldErrors: { name: expect.any(String) } } });
  });

  // trim() keeps U+200B and C0 controls: such a name would show as nothing (an empty <h1> on /foca/{id}).
  for (const [label, name] of [
    ['only zero-width spaces', '\u200B\u200B'],
    ['only control characters', '\u0007\u0008\u001B'],
  ] as const)
    it(`a name of ${label} is refused next to its field`, async () => {
      const { user, petId } = await readerWithPet();
      const request = formRequest('/foca/abrigo', { intent: 'renomear', pet: petId, name }, { cookie: user.cookie });
      await expect(call(abrigo.action, request)).resolves.toMatchObject({ init: { status: 400 }, data: { fieldErrors: { name: expect.any(String) } } });
      const [pet] = await queryRows<{ name: string | null }>(sql`SELECT name FROM focus_pets WHERE id = ${petId}`);
      expect(pet!.name).toBeNull();
    });
});
