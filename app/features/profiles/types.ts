import type { MarathonCard } from '~/features/marathons/types';
import type { ReaderFoca } from '~/features/focus/reader-page.server';
import type { ReaderGroupReads } from '~/features/lcs/types';
import type { SpeciesSlug } from '~/features/focus/vocabulary';
import type { ClubCard } from '~/features/clubs/types';
import type { AttCard, AttPage } from '~/features/atts/types';
import type { CoverCard } from '~/features/catalog/types';
import type { ReadingGoal } from '~/features/reading/goals/goals';
import type { ReaderStats } from '~/features/reading/stats/stats';
import type { BookshelfItem, Paged, ReaderReview, ShelfSummary } from '~/features/reading/types';
import type { Relation } from '~/features/social/audience.server';
import type { ShelfStatus } from '~/features/reading/vocabulary';
import type { UNDATED } from './validation';

/** A reader as lists show them (search, followers, following). */
export type ReaderCard = { id: string; username: string; name: string; image: string | null; pronouns: string | null };

/** Where the viewer stands with a profile's owner, for the follow and block buttons. */
export type ProfileRelation = { relation: Relation; followPending: boolean; signedIn: boolean };

export type CurrentReading = { edition: CoverCard; progress: number | null };

/** What a profile shows beyond name and avatar: only for those who may see the profile (maySeeProfile). */
export type ProfileDetails = {
  pronouns: string | null;
  bio: string | null;
  links: string[];
  counts: { read: number; followers: number; following: number };
  /** Null when the owner hides "lendo agora" from others. */
  currentlyReading: CurrentReading[] | null;
  /** The owner hid "lendo agora": only the owner is told, next to their own list. */
  currentlyReadingHidden: boolean;
  favorites: CoverCard[];
  /** The newest atts the viewer may see (the atts tab has the rest). */
  latestAtts: AttCard[];
  /** The owner's goal for the current year (São Paulo), only when one is set. */
  goal: ReadingGoal | null;
  /** The owner's foca companion (their chosen pet, with its page /foca/{id}), once they have one. */
  companion: { id: string; species: SpeciesSlug; name: string | null; level: number } | null;
};

export type Profile = {
  reader: ReaderCard & { restricted: boolean };
  relation: ProfileRelation;
  /** Null for a `restrito` profile seen by a non-follower: name, avatar and the follow button only. */
  details: ProfileDetails | null;
};

/** A book of the `lidos` tab: one finished read-through, or a book read on unknown dates (`finishedOn` null). */
export type FinishedReading = { edition: CoverCard; finishedOn: string | null; rating: number | null };

export type ReaderPage = { items: ReaderCard[]; total: number; page: number; pageSize: number };

/** One reader I follow with what they did last on their shelf (a status change or a progress). */
export type FollowedReader = ReaderCard & {
  activity: { edition: { id: string; title: string }; status: ShelfStatus; progress: number | null; at: string } | null;
};

/** What each tab of tabs.ts loads (tab-data.server.ts) and shows (components/profile-tab.tsx). */
export type TabData =
  /** `counts` has the statuses the viewer is shown: no `reading` when the owner hides "lendo agora" from them. */
  | {
      tab: 'estante';
      items: BookshelfItem[];
      counts: Partial<Record<ShelfStatus, number>>;
      status: ShelfStatus | undefined;
      page: number;
      pageSize: number;
      total: number;
    }
  | { tab: 'estantes'; shelves: ShelfSummary[] }
  /** `year` is the group shown: a year, `sem-data` (the books read on unknown dates, `undated` of them), or null when nothing is read. */
  | {
      tab: 'lidos';
      years: { year: number; count: number }[];
      undated: number;
      year: number | typeof UNDATED | null;
      readings: FinishedReading[];
      page: number;
      pageSize: number;
      total: number;
    }
  | { tab: 'resenhas'; reviews: Paged<ReaderReview> }
  | { tab: 'atts'; page: AttPage }
  /** `years` are those with a finished reading, latest first; `stats.year` null is all time. */
  | { tab: 'estatisticas'; years: number[]; stats: ReaderStats }
  /** The LCs the reader hosts and reads along in, each only if the viewer may see it. */
  | { tab: 'lcs'; groupReads: ReaderGroupReads }
  | { tab: 'maratonas'; marathons: { organizing: MarathonCard[]; joined: MarathonCard[] } }
  /** The clubs the reader shows (a private one only to its own members). */
  | { tab: 'clubes'; clubs: ClubCard[] }
  | { tab: 'foca'; foca: ReaderFoca }
  | { tab: 'seguidores'; readers: ReaderPage; requests: ReaderCard[] | null }
  | { tab: 'seguindo'; readers: ReaderPage };
