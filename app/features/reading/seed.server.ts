import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { editions, shelfEntries, users } from '~/db/schema';
import type { Viewer } from '~/server/viewer.server';
import { rateShelfEntry, setFavorite, setShelfStatus } from './shelves/mutations.server';
import { logProgress } from './progress/progress.server';
import { yearInSaoPaulo } from './goals/goals';
import { setReadingGoal } from './goals/goals.server';
import { publishReview, setReadingTraits } from './reviews/reviews.server';
import { addToShelf, createShelf } from './shelves/custom-shelves.server';
import type { ShelfStatus } from './vocabulary';

/** What the demo reader has on her bookshelf: a few classics in every state, so /estante is never empty in the demo. */
const DEMO_BOOKSHELF: { title: string; status: ShelfStatus; rating?: number; favorite?: boolean; percentRead?: number }[] = [
  { title: 'Vidas Secas', status: 'read', rating: 4.5, favorite: true },
  { title: 'A Hora da Estrela', status: 'read', rating: 4.25 },
  { title: 'Torto Arado', status: 'reading', percentRead: 40 },
  { title: 'Capitães da Areia', status: 'want_to_read' },
  { title: 'Quarto de Despejo', status: 'want_to_read' },
];

/** Fills the demo reader's bookshelf once (a reader who already has entries is left alone). */
export async function seedDemoBookshelf(username: string): Promise<number> {
  const db = getDb();
  const [user] = await db.select().from(users).where(eq(users.username, username));
  if (!user) return 0;
  const [existing] = await db.select({ id: shelfEntries.id }).from(shelfEntries).where(eq(shelfEntries.userId, user.id)).limit(1);
  if (existing) return 0;
  const viewer: Viewer = {
    id: user.id,
    role: 'reader',
    username,
    name: user.name,
    image: null,
    emailVerified: true,
    sessionId: 'seed',
    unreadNotifications: 0,
  };
  let added = 0;
  // A public custom shelf too, so /estantes has something to discover in the demo.
  const shelfId = await createShelf(viewer, {
    name: 'Clássicos brasileiros',
    description: 'Os que todo mundo deveria ler pelo menos uma vez.',
    visibility: 'publico',
  });
  for (const book of DEMO_BOOKSHELF) {
    const [edition] = await db
      .select({ id: editions.id })
      .from(editions)
      .where(and(sql`lower(${editions.title}) = lower(${book.title})`, eq(editions.language, 'pt')))
      .orderBy(sql`${editions.isbn13} IS NULL`, editions.id)
      .limit(1);
    if (!edition) continue;
    await setShelfStatus(viewer, edition.id, book.status);
    if (book.rating) await rateShelfEntry(viewer, edition.id, book.rating);
    if (book.favorite) await setFavorite(viewer, edition.id, true);
    if (book.title === 'Vidas Secas') {
      // A public review, so /ed/{id}/resenhas has something to show in the demo (decision 0020).
      await setReadingTraits(viewer, edition.id, { moods: ['sad', 'reflective'], pacing: 'slow', contentWarnings: ['morte'] });
      const body = 'Seco como o sertão e, mesmo assim, cheio de ternura. O capítulo da Baleia ||e o fim dela|| ficou comigo por dias.';
      await publishReview(viewer, edition.id, { body, spoiler: false, visibility: 'publico' });
    }
    if (book.percentRead) await logProgress(viewer, edition.id, { value: book.percentRead, unit: 'percent', comment: null, emotion: 'tense', spoiler: false });
    await addToShelf(viewer, shelfId, { editionId: edition.id });
    added += 1;
  }
  // A goal for the year, so /home shows its progress in the demo.
  await setReadingGoal(viewer, yearInSaoPaulo(), { books: 24, pages: 6000 });
  return added;
}
