import type { ActivityKind } from '../vocabulary';

/** An activity as /admin/atividades lists and edits it. */
export type ClubActivityAdminItem = {
  id: string;
  kind: ActivityKind;
  title: string;
  description: string;
  startsAt: string;
  endsAt: string | null;
  link: string | null;
  edition: { id: string; title: string } | null;
};

export type ClubActivitiesAdmin = { upcoming: ClubActivityAdminItem[]; past: ClubActivityAdminItem[] };
