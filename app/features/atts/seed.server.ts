import { and, desc, eq, inArray } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { atts, blocks, follows, progressEntries, readThroughs, shelfEntries, users } from '~/db/schema';
import { demoViewer } from '~/features/accounts/seed.server';
import { postAtt } from './mutations.server';

/**
 * The demo's social corner, once: beto_leitor follows lia_leitora (so her atts reach his `seguindo`), lia has
 * blocked rui_leitor (so he sees none of them), and lia's latest progress update is an att, so /atts is
 * never empty in the demo. The follows and blocks pages belong to other areas; these rows are the demo's.
 */
export async function seedDemoAtts(): Promise<number> {
  const db = getDb();
  const people = await db
    .select({ id: users.id, username: users.username, name: users.name })
    .from(users)
    .where(inArray(users.username, ['lia_leitora', 'beto_leitor', 'rui_leitor']));
  const by = (username: string) => people.find((p) => p.username === username);
  const [lia, beto, rui] = [by('lia_leitora'), by('beto_leitor'), by('rui_leitor')];
  if (!lia || !beto || !rui) return 0;
  await db.insert(follows).values({ followerId: beto.id, followeeId: lia.id, status: 'accepted' }).onConflictDoNothing();
  await db.insert(blocks).values({ blockerId: lia.id, blockedId: rui.id }).onConflictDoNothing();
  const [posted] = await db.select({ id: atts.id }).from(atts).where(eq(atts.authorId, lia.id)).limit(1);
  if (posted) return 0;
  const [update] = await db
    .select({ id: progressEntries.id, editionId: shelfEntries.editionId })
    .from(progressEntries)
    .innerJoin(readThroughs, eq(readThroughs.id, progressEntries.readThroughId))
    .innerJoin(shelfEntries, eq(shelfEntries.id, readThroughs.shelfEntryId))
    .where(and(eq(shelfEntries.userId, lia.id), eq(progressEntries.correction, false)))
    .orderBy(desc(progressEntries.createdAt))
    .limit(1);
  if (!update) return 0;
  await postAtt(demoViewer({ id: lia.id, username: 'lia_leitora', name: lia.name }), {
    editionId: update.editionId,
    kind: 'progress',
    progressEntryId: update.id,
    text: 'Não consigo parar de ler: Bibiana e Belonísia ficam comigo o dia inteiro.',
    spoiler: false,
    visibility: 'publico',
    images: [],
  });
  return 1;
}
