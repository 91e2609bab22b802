import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { editions, shelfEntries, users } from '~/db/schema';
import { demoViewer } from '~/features/accounts/seed.server';
import { newId } from '~/lib/ids';
import type { Viewer } from '~/server/viewer.server';
import { insertImportedShelfEntries } from './imported.server';
import { rateShelfEntry, setFavorite, setShelfStatus } from './shelves/mutations.server';
import { logProgress } from './progress/progress.server';
import { yearInSaoPaulo } from './goals/goals';
import { setReadingGoal } from './goals/goals.server';
import type { ReviewTraits } from './reviews/validation';
import { publishReview, setReadingTraits } from './reviews/reviews.server';
import { addToShelf, createShelf } from './shelves/custom-shelves.server';
import type { ImportedShelfEntry } from './types';
import type { Emotion, ShelfStatus } from './vocabulary';

/** A book of a demo reader's bookshelf, in the state the demo shows it. */
export type DemoBook = {
  title: string;
  status: ShelfStatus;
  rating?: number;
  favorite?: boolean;
  /** For a book being read: how far, logged as a progress update with how it feels. */
  progress?: { percent: number; emotion: Emotion };
  /** A public review, with the reading's traits. */
  review?: { body: string; traits: ReviewTraits };
  /**
   * Read long before, on a day nobody wrote down: the book comes in as a reader's import leaves such a row (a
   * reading without a date, decision 0032), so the profile's "Sem data" has something in the demo.
   */
  undated?: true;
};

/** A demo book put on a bookshelf: its edition, and the progress update logged for it, if any. */
export type ShelvedDemoBook = { title: string; editionId: string; progressEntryId: string | null };

/** What the demo reader has on her bookshelf: a few classics in every state, so /estante is never empty in the demo. */
const DEMO_BOOKSHELF: DemoBook[] = [
  {
    title: 'Vidas Secas',
    status: 'read',
    rating: 4.5,
    favorite: true,
    // A public review, so /ed/{id}/resenhas has something to show in the demo (decision 0020).
    review: {
      body: 'Seco como o sertão e, mesmo assim, cheio de ternura. O capítulo da Baleia ||e o fim dela|| ficou comigo por dias.',
      traits: { moods: ['sad', 'reflective'], pacing: 'slow', contentWarnings: ['morte'] },
    },
  },
  { title: 'A Hora da Estrela', status: 'read', rating: 4.25 },
  { title: 'Torto Arado', status: 'reading', progress: { percent: 40, emotion: 'tense' } },
  { title: 'Capitães da Areia', status: 'want_to_read' },
  { title: 'Quarto de Despejo', status: 'want_to_read' },
];

/**
 * Puts the books on a demo reader's bookshelf, in the order given, through the data functions the reader's
 * own forms call. A title the catalogue lacks is skipped (the Portuguese edition with an ISBN is chosen).
 */
export async function shelveDemoBooks(viewer: Viewer, books: readonly DemoBook[]): Promise<ShelvedDemoBook[]> {
  const shelved: ShelvedDemoBook[] = [];
  for (const book of books) {
    const [edition] = await getDb()
      .select({ id: editions.id })
      .from(editions)
      .where(and(sql`lower(${editions.title}) = lower(${book.title})`, eq(editions.language, 'pt')))
      .orderBy(sql`${editions.isbn13} IS NULL`, editions.id)
      .limit(1);
    if (!edition) continue;
    if (book.undated) {
      await shelveUndated(viewer, edition.id, book);
      shelved.push({ title: book.title, editionId: edition.id, progressEntryId: null });
      continue;
    }
    await setShelfStatus(viewer, edition.id, book.status);
    if (book.rating) await rateShelfEntry(viewer, edition.id, book.rating);
    if (book.favorite) await setFavorite(viewer, edition.id, true);
    if (book.review) {
      await setReadingTraits(viewer, edition.id, book.review.traits);
      await publishReview(viewer, edition.id, { body: book.review.body, spoiler: false, visibility: 'publico' });
    }
    const progress = book.progress
      ? await logProgress(viewer, edition.id, { value: book.progress.percent, unit: 'percent', comment: null, emotion: book.progress.emotion, spoiler: false })
      : null;
    shelved.push({ title: book.title, editionId: edition.id, progressEntryId: progress?.entryId ?? null });
  }
  return shelved;
}

/** A book read on unknown dates, written by the reader import's own statement. */
async function shelveUndated(viewer: Viewer, editionId: string, book: DemoBook): Promise<void> {
  const entry: ImportedShelfEntry = {
    id: newId(),
    editionId,
    status: book.status,
    ratingQuarters: book.rating ? book.rating * 4 : null,
    owned: false,
    ownedFormat: null,
    favorite: book.favorite ?? false,
    notes: null,
    moods: [],
    pacing: null,
    contentWarnings: [],
    undatedReadings: 1,
    addedAt: null,
  };
  await getDb().transaction((tx) => insertImportedShelfEntries(tx, viewer.id, [entry]));
}

/** Whether a reader already has something on their bookshelf: the demo then leaves it alone. */
export async function hasBookshelf(userId: string): Promise<boolean> {
  const [entry] = await getDb().select({ id: shelfEntries.id }).from(shelfEntries).where(eq(shelfEntries.userId, userId)).limit(1);
  return Boolean(entry);
}

/** Fills the demo reader's bookshelf once (a reader who already has entries is left alone). */
export async function seedDemoBookshelf(username: string): Promise<number> {
  const [user] = await getDb().select().from(users).where(eq(users.username, username));
  if (!user || (await hasBookshelf(user.id))) return 0;
  const viewer = demoViewer({ id: user.id, username, name: user.name });
  // A public custom shelf too, so /estantes has something to discover in the demo.
  const shelfId = await createShelf(viewer, {
    name: 'Clássicos brasileiros',
    description: 'Os que todo mundo deveria ler pelo menos uma vez.',
    visibility: 'publico',
  });
  const shelved = await shelveDemoBooks(viewer, DEMO_BOOKSHELF);
  for (const book of shelved) await addToShelf(viewer, shelfId, { editionId: book.editionId });
  // A goal for the year, so /home shows its progress in the demo.
  await setReadingGoal(viewer, yearInSaoPaulo(), { books: 24, pages: 6000 });
  return shelved.length;
}
