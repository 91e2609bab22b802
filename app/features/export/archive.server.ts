import { and, desc, eq, lte, or, sql } from 'drizzle-orm';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { z } from 'zod';
import { getDb, queryRows } from '~/db/client.server';
import { archives } from '~/db/schema';
import { ownAvatarKey } from '~/features/accounts/avatar-key.server';
import { PRIVATE_UPLOADS_PREFIX, getStorage, removeFiles, type StoredFile } from '~/integrations/storage/storage.server';
import { proposedCoverKey } from '~/features/curation/cover-storage.server';
import { goodreadsCsvText } from './goodreads-csv.server';
import { newId } from '~/lib/ids';
import { formatDateTime } from '~/lib/format';
import { AppError } from '~/server/errors';
import { enqueueJob, registerJobHandler, registerRecurringJob } from '~/server/jobs.server';
import { log } from '~/server/logger.server';
import type { Viewer } from '~/server/viewer.server';

/** The version of `data.json`: a reader's importer reads the version it knows, and a change of shape bumps it. */
export const ARCHIVE_VERSION = 1;
export const ARCHIVE_LIFETIME_DAYS = 7;
/** A file a job prepares: the full archive, or the Goodreads CSV of a bookshelf too large to build on request. */
export type ExportFileKind = (typeof archives.kind.enumValues)[number];
/** How often each can be asked for: the archive once a day, a large bookshelf's CSV once an hour. */
const EVERY_HOURS: Record<ExportFileKind, number> = { archive: 24, goodreads_csv: 1 };
const ARCHIVE_ATTEMPTS = 3;
/** A request still pending after this long lost its worker: shown as failed, and another may be asked for. */
const STALE_PENDING_MINUTES = 60;
/** A request that never became a file is removed after a day. */
const UNFINISHED_KEPT_HOURS = 24;
/** When the reader may ask for the next file of a kind, after one asked at `createdAt` that did not fail. */
const nextAllowed = (kind: ExportFileKind, createdAt: Date) => new Date(createdAt.getTime() + EVERY_HOURS[kind] * 3_600_000);
const isStale = sql`(${archives.status} = 'pending' AND ${archives.createdAt} < now() - make_interval(mins => ${STALE_PENDING_MINUTES}))`;

export type ExportFileSummary = { id: string; status: 'pending' | 'ready' | 'failed'; createdAt: string; expiresAt: string | null; sizeBytes: number | null };
type ExportFiles = { files: ExportFileSummary[]; nextAllowedAt: string | null };

/** The viewer's files of each kind not yet expired, newest first (five of each), and when they may ask for the next one. */
export async function listExportFiles(viewer: Viewer): Promise<Record<ExportFileKind, ExportFiles>> {
  const rows = await getDb()
    .select({
      id: archives.id,
      kind: archives.kind,
      status: sql<ExportFileSummary['status']>`CASE WHEN ${isStale} THEN 'failed' ELSE ${archives.status} END`,
      createdAt: archives.createdAt,
      expiresAt: archives.expiresAt,
      sizeBytes: archives.sizeBytes,
    })
    .from(archives)
    .where(and(eq(archives.userId, viewer.id), sql`(${archives.expiresAt} IS NULL OR ${archives.expiresAt} > now())`))
    .orderBy(desc(archives.createdAt));
  const of = (kind: ExportFileKind): ExportFiles => {
    const mine = rows.filter((r) => r.kind === kind);
    const latest = mine.find((r) => r.status !== 'failed');
    const next = latest ? nextAllowed(kind, latest.createdAt) : null;
    return {
      files: mine.slice(0, 5).map((r) => ({
        id: r.id,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
        expiresAt: r.expiresAt?.toISOString() ?? null,
        sizeBytes: r.sizeBytes,
      })),
      nextAllowedAt: next && next > new Date() ? next.toISOString() : null,
    };
  };
  return { archive: of('archive'), goodreads_csv: of('goodreads_csv') };
}

const TOO_SOON: Record<ExportFileKind, (next: string) => string> = {
  archive: (next) => `Você já pediu um arquivo completo nas últimas 24 horas. O próximo pode ser pedido a partir de ${next}.`,
  goodreads_csv: (next) => `Você já pediu um CSV na última hora. O próximo pode ser pedido a partir de ${next}.`,
};

/**
 * Asks for a file of the reader's data, prepared by a job: the full archive once a day, a large bookshelf's CSV
 * once an hour. A second request within that time of the last one that did not fail is refused with the time
 * the next is possible (a failed one can be asked again at once).
 */
export async function requestExportFile(viewer: Viewer, kind: ExportFileKind = 'archive'): Promise<string> {
  return getDb().transaction(async (tx) => {
    // Serialises two clicks of the same reader: the second sees the first's row.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`archive:${viewer.id}`}))`);
    const [latest] = await tx
      .select({ createdAt: archives.createdAt })
      .from(archives)
      .where(
        and(
          eq(archives.userId, viewer.id),
          eq(archives.kind, kind),
          sql`${archives.status} <> 'failed'`,
          sql`NOT ${isStale}`,
          sql`${archives.createdAt} > now() - make_interval(hours => ${EVERY_HOURS[kind]})`,
        ),
      )
      .orderBy(desc(archives.createdAt))
      .limit(1);
    if (latest) throw new AppError('rate_limited', TOO_SOON[kind](formatDateTime(nextAllowed(kind, latest.createdAt).toISOString())));
    const id = newId();
    await tx.insert(archives).values({ id, userId: viewer.id, kind });
    await enqueueJob('export.archive', { archiveId: id }, { tx, maxAttempts: ARCHIVE_ATTEMPTS });
    log.info('export.archive_requested', { userId: viewer.id, archiveId: id, kind });
    return id;
  });
}

/** One of the viewer's ready, unexpired files and its kind; null (answered 404) for anything else, anyone else's included. */
export async function readExportFile(viewer: Viewer, id: string): Promise<{ kind: ExportFileKind; file: StoredFile } | null> {
  const [row] = await getDb()
    .select({ key: archives.storageKey, kind: archives.kind })
    .from(archives)
    .where(and(eq(archives.id, id), eq(archives.userId, viewer.id), eq(archives.status, 'ready'), sql`${archives.expiresAt} > now()`));
  const file = row?.key ? await getStorage().get(row.key) : null;
  return row && file ? { kind: row.kind, file } : null;
}

type Image = { key: string; path: string };

/**
 * Everything the reader owns, as `data.json` holds it (the keys are READER_REFERENCES' `archive` names).
 * Images are referred to by their path inside the zip. Dates are ISO strings; ratings in stars (quarters).
 */
export async function archiveData(userId: string): Promise<{ data: Record<string, unknown>; images: Image[] }> {
  const [profile] = await queryRows<{ profile: Record<string, unknown> & { image: string | null } }>(sql`
    SELECT json_build_object('username', u.username, 'name', u.name, 'email', u.email, 'emailVerified', u.email_verified, 'image', u.image,
      'birthDate', u.birth_date, 'pronouns', u.pronouns, 'bio', u.bio, 'links', u.links, 'profileVisibility', u.profile_visibility,
      'showCurrentlyReading', u.show_currently_reading, 'role', u.role, 'createdAt', u.created_at) AS profile
    FROM users u WHERE u.id = ${userId}`);
  if (!profile) throw new Error(`No reader ${userId}`);
  const avatarKey = ownAvatarKey(userId, profile.profile.image);
  const images: Image[] = avatarKey ? [{ key: avatarKey, path: `imagens/avatar.${avatarKey.slice(avatarKey.lastIndexOf('.') + 1)}` }] : [];
  const { image: _image, ...profileData } = profile.profile;

  const [row] = await queryRows<Record<string, unknown[] | null>>(sql`
    SELECT
      (SELECT json_agg(json_build_object(
          'edition', json_build_object('id', e.id, 'title', e.title, 'subtitle', e.subtitle, 'isbn13', e.isbn13, 'isbn10', e.isbn10, 'format', e.format,
            'authors', (SELECT json_agg(a.name ORDER BY wa.position, a.sort_name) FROM work_authors wa JOIN authors a ON a.id = wa.author_id WHERE wa.work_id = e.work_id AND wa.role = 'author')),
          'status', s.status, 'undatedReadings', s.undated_readings, 'rating', s.rating_quarters / 4.0, 'favorite', s.favorite, 'owned', s.owned, 'ownedFormat', s.owned_format,
          'privateNotes', s.notes, 'moods', s.moods, 'pacing', s.pacing, 'contentWarnings', s.content_warnings, 'addedAt', s.created_at, 'updatedAt', s.updated_at,
          'readThroughs', (SELECT json_agg(json_build_object('startedOn', rt.started_on, 'finishedOn', rt.finished_on, 'abandonedOn', rt.abandoned_on,
              'progress', CASE WHEN rt.progress_unit IS NULL THEN NULL ELSE json_build_object('value', rt.progress_value, 'unit', rt.progress_unit, 'fraction', rt.progress_fraction, 'updatedAt', rt.progress_updated_at) END,
              'updates', (SELECT json_agg(json_build_object('value', p.value, 'unit', p.unit, 'fraction', p.fraction, 'comment', p.comment, 'emotion', p.emotion,
                  'spoiler', p.spoiler, 'correction', p.correction, 'createdAt', p.created_at) ORDER BY p.created_at, p.id) FROM progress_entries p WHERE p.read_through_id = rt.id))
            ORDER BY rt.created_at, rt.id) FROM read_throughs rt WHERE rt.shelf_entry_id = s.id),
          'review', (SELECT json_build_object('body', r.body, 'spoiler', r.spoiler, 'visibility', r.visibility, 'publishedAt', r.published_at,
              'draftBody', r.draft_body, 'draftSpoiler', r.draft_spoiler, 'draftVisibility', r.draft_visibility, 'draftSavedAt', r.draft_saved_at)
            FROM reviews r WHERE r.shelf_entry_id = s.id))
        ORDER BY s.created_at, s.id) FROM shelf_entries s JOIN editions e ON e.id = s.edition_id WHERE s.user_id = ${userId}) AS bookshelf,
      (SELECT json_agg(json_build_object('name', sh.name, 'description', sh.description, 'visibility', sh.visibility, 'createdAt', sh.created_at,
          'editions', (SELECT json_agg(se.edition_id ORDER BY si.position) FROM shelf_items si JOIN shelf_entries se ON se.id = si.shelf_entry_id WHERE si.shelf_id = sh.id))
        ORDER BY sh.created_at, sh.id) FROM shelves sh WHERE sh.user_id = ${userId}) AS shelves,
      (SELECT json_agg(json_build_object('year', g.year, 'books', g.books_target, 'pages', g.pages_target) ORDER BY g.year) FROM reading_goals g WHERE g.user_id = ${userId}) AS goals,
      (SELECT json_agg(json_build_object('id', a.id, 'editionId', a.edition_id, 'kind', a.kind, 'text', a.text, 'spoiler', a.spoiler, 'visibility', a.visibility, 'createdAt', a.created_at,
          'images', (SELECT json_agg(json_build_object('key', i.storage_key, 'position', i.position, 'width', i.width, 'height', i.height) ORDER BY i.position) FROM att_images i WHERE i.att_id = a.id))
        ORDER BY a.created_at, a.id) FROM atts a WHERE a.author_id = ${userId}) AS atts,
      (SELECT json_agg(json_build_object('attId', r.att_id, 'kind', r.kind, 'createdAt', r.created_at) ORDER BY r.created_at) FROM att_reactions r WHERE r.user_id = ${userId}) AS reactions,
      (SELECT json_agg(json_build_object('attId', c.att_id, 'text', c.text, 'createdAt', c.created_at) ORDER BY c.created_at, c.id) FROM att_comments c WHERE c.author_id = ${userId} AND c.deleted_at IS NULL) AS comments,
      (SELECT json_agg(json_build_object('username', u.username, 'status', f.status, 'since', f.created_at) ORDER BY f.created_at) FROM follows f JOIN users u ON u.id = f.followee_id WHERE f.follower_id = ${userId}) AS following,
      (SELECT json_agg(json_build_object('username', u.username, 'status', f.status, 'since', f.created_at) ORDER BY f.created_at) FROM follows f JOIN users u ON u.id = f.follower_id WHERE f.followee_id = ${userId}) AS followers,
      (SELECT json_agg(json_build_object('username', u.username, 'since', b.created_at) ORDER BY b.created_at) FROM blocks b JOIN users u ON u.id = b.blocked_id WHERE b.blocker_id = ${userId}) AS blocked,
      (SELECT json_agg(json_build_object('type', n.type, 'inApp', n.in_app, 'email', n.email) ORDER BY n.type) FROM notification_settings n WHERE n.user_id = ${userId}) AS "notificationSettings",
      (SELECT json_agg(json_build_object('author', a.name, 'slug', a.slug, 'since', af.created_at) ORDER BY af.created_at) FROM author_follows af JOIN authors a ON a.id = af.author_id WHERE af.user_id = ${userId}) AS "authorFollows",
      (SELECT json_agg(json_build_object('collection', c.name, 'id', c.id, 'since', cf.created_at) ORDER BY cf.created_at) FROM collection_follows cf JOIN collections c ON c.id = cf.collection_id WHERE cf.user_id = ${userId}) AS "collectionFollows",
      (SELECT json_agg(json_build_object('kind', r.target_kind, 'target', r.target_id, 'reason', r.reason, 'details', r.details, 'status', r.status, 'createdAt', r.created_at) ORDER BY r.created_at) FROM reports r WHERE r.reporter_id = ${userId}) AS reports,
      (SELECT json_agg(json_build_object('id', c.id, 'code', c.code, 'kind', c.kind, 'status', c.status, 'target', c.target_label, 'changes', c.changes, 'note', c.note, 'answer', c.answer, 'createdAt', c.created_at, 'decidedAt', c.decided_at) ORDER BY c.created_at) FROM change_requests c WHERE c.requester_id = ${userId}) AS "changeRequests",
      (SELECT json_agg(json_build_object('club', cl.name, 'slug', cl.slug, 'role', m.role, 'status', m.status, 'plan', p.name, 'planPriceCents', m.plan_price_cents,
          'planEndsAt', m.plan_ends_at, 'showOnProfile', m.show_on_profile, 'joinedAt', m.joined_at, 'since', m.status_at) ORDER BY m.status_at, cl.id)
        FROM club_members m JOIN clubs cl ON cl.id = m.club_id LEFT JOIN club_plans p ON p.id = m.plan_id WHERE m.user_id = ${userId}) AS clubs,
      (SELECT json_agg(json_build_object('club', cl.slug, 'id', p.id, 'kind', p.kind, 'title', p.title, 'body', p.body, 'visibility', p.visibility, 'createdAt', p.created_at, 'editedAt', p.edited_at)
          ORDER BY p.created_at, p.id) FROM club_posts p JOIN clubs cl ON cl.id = p.club_id WHERE p.author_id = ${userId}) AS "clubPosts",
      (SELECT json_agg(json_build_object('postId', c.post_id, 'body', c.body, 'createdAt', c.created_at) ORDER BY c.created_at, c.id)
        FROM club_post_comments c WHERE c.author_id = ${userId} AND c.deleted_at IS NULL) AS "clubComments",
      (SELECT json_agg(json_build_object('postId', r.post_id, 'kind', r.kind, 'createdAt', r.created_at) ORDER BY r.created_at)
        FROM club_post_reactions r WHERE r.user_id = ${userId}) AS "clubReactions",
      (SELECT json_agg(json_build_object('title', g.title, 'slug', g.slug, 'description', g.description, 'visibility', g.visibility, 'startsOn', g.starts_on, 'endsOn', g.ends_on,
          'participantCap', g.participant_cap, 'closedEarlyAt', g.closed_early_at, 'createdAt', g.created_at,
          'editions', (SELECT json_agg(e.edition_id ORDER BY e.position) FROM group_read_editions e WHERE e.group_read_id = g.id),
          'schedule', (SELECT json_agg(json_build_object('editionId', s.edition_id, 'unit', s.unit, 'from', s.from_number, 'to', s.to_number, 'startsOn', s.starts_on, 'endsOn', s.ends_on) ORDER BY s.position)
            FROM group_read_stages s WHERE s.group_read_id = g.id),
          'materials', (SELECT json_agg(json_build_object('id', m.id, 'kind', m.kind, 'title', m.title, 'url', m.url, 'key', m.file_key) ORDER BY m.position) FROM group_read_materials m WHERE m.group_read_id = g.id))
          ORDER BY g.created_at, g.id) FROM group_reads g WHERE g.host_user_id = ${userId}) AS "groupReadsHosted",
      (SELECT json_agg(json_build_object('title', g.title, 'slug', g.slug, 'status', p.status, 'joinedAt', p.joined_at, 'since', p.status_at) ORDER BY p.status_at, g.id)
        FROM group_read_participants p JOIN group_reads g ON g.id = p.group_read_id WHERE p.user_id = ${userId}) AS "groupReads",
      (SELECT json_agg(json_build_object('groupRead', g.slug, 'stage', s.position + 1, 'id', c.id, 'replyTo', c.parent_id, 'body', c.body, 'createdAt', c.created_at) ORDER BY c.created_at, c.id)
        FROM group_read_comments c JOIN group_reads g ON g.id = c.group_read_id JOIN group_read_stages s ON s.id = c.stage_id
        WHERE c.author_id = ${userId} AND c.deleted_at IS NULL) AS "groupReadComments",
      (SELECT json_agg(json_build_object('groupRead', g.slug, 'stage', s.position + 1, 'kind', m.kind, 'createdAt', m.created_at) ORDER BY m.created_at, s.position)
        FROM group_read_stage_marks m JOIN group_read_stages s ON s.id = m.stage_id JOIN group_reads g ON g.id = s.group_read_id
        WHERE m.user_id = ${userId}) AS "groupReadStageMarks",
      (SELECT json_agg(json_build_object('name', m.name, 'slug', m.slug, 'description', m.description, 'rules', m.rules, 'visibility', m.visibility, 'mode', m.mode,
          'timeZone', m.time_zone, 'startsOn', m.starts_on, 'endsOn', m.ends_on, 'registrationOpensOn', m.registration_opens_on,
          'registrationClosesOn', m.registration_closes_on, 'createdAt', m.created_at,
          'levels', (SELECT json_agg(l.name ORDER BY l.position) FROM marathon_levels l WHERE l.marathon_id = m.id),
          'teams', (SELECT json_agg(t.name ORDER BY t.position) FROM marathon_teams t WHERE t.marathon_id = m.id),
          'categories', (SELECT json_agg(json_build_object('name', c.name, 'challenges', (SELECT json_agg(json_build_object('kind', d.kind, 'description', d.description,
              'points', d.points, 'revealsOn', d.reveals_on, 'level', (SELECT l.name FROM marathon_levels l WHERE l.id = d.level_id)) ORDER BY d.position)
            FROM marathon_challenges d WHERE d.category_id = c.id)) ORDER BY c.position) FROM marathon_categories c WHERE c.marathon_id = m.id),
          'webhook', (SELECT json_build_object('url', w.url, 'enabled', w.enabled, 'createdAt', w.created_at) FROM marathon_webhooks w WHERE w.marathon_id = m.id))
          ORDER BY m.created_at, m.id) FROM marathons m WHERE m.organizer_user_id = ${userId}) AS "marathonsOrganized",
      (SELECT json_agg(json_build_object('name', m.name, 'slug', m.slug, 'status', p.status, 'level', l.name, 'team', t.name, 'joinedAt', p.joined_at, 'since', p.status_at,
          'challengesDone', p.challenges_done, 'points', p.points, 'pages', p.pages, 'minutes', p.minutes)
          ORDER BY p.joined_at, m.id)
        FROM marathon_participants p JOIN marathons m ON m.id = p.marathon_id LEFT JOIN marathon_levels l ON l.id = p.level_id LEFT JOIN marathon_teams t ON t.id = p.team_id
        WHERE p.user_id = ${userId}) AS marathons,
      (SELECT json_agg(json_build_object('marathon', m.slug, 'challenge', d.description, 'edition', json_build_object('id', e.id, 'title', e.title),
          'progress', l.progress, 'complete', l.complete, 'rating', l.rating_quarters / 4.0, 'comment', l.comment, 'markedOn', l.marked_on,
          'createdAt', l.created_at, 'updatedAt', l.updated_at) ORDER BY l.created_at, l.id)
        FROM marathon_challenge_links l JOIN marathons m ON m.id = l.marathon_id JOIN marathon_challenges d ON d.id = l.challenge_id JOIN editions e ON e.id = l.edition_id
        WHERE l.user_id = ${userId}) AS "marathonChallengeLinks",
      (SELECT json_agg(json_build_object('marathon', m.slug, 'challenge', d.description, 'completedAt', c.completed_at) ORDER BY c.completed_at, d.id)
        FROM marathon_challenge_completions c JOIN marathons m ON m.id = c.marathon_id JOIN marathon_challenges d ON d.id = c.challenge_id
        WHERE c.user_id = ${userId}) AS "marathonChallengeCompletions",
      (SELECT json_agg(json_build_object('acceptedAt', a.accepted_at)) FROM marathon_notice_acceptances a WHERE a.user_id = ${userId}) AS "marathonNotice",
      (SELECT json_agg(json_build_object('edition', json_build_object('id', e.id, 'title', e.title), 'plannedMinutes', f.planned_minutes, 'status', f.status,
          'startedAt', f.started_at, 'endsAt', f.ends_at, 'finishedAt', f.finished_at, 'creditedMinutes', f.credited_minutes, 'creditedOn', f.credited_on,
          'progressValue', f.progress_value, 'progressUnit', f.progress_unit,
          'room', (SELECT r.name FROM focus_room_sprints rs JOIN focus_rooms r ON r.id = rs.room_id WHERE rs.id = f.room_sprint_id)) ORDER BY f.started_at, f.id)
        FROM focus_sessions f JOIN editions e ON e.id = f.edition_id WHERE f.user_id = ${userId}) AS "focusSessions",
      (SELECT json_agg(json_build_object('name', r.name, 'visibility', r.visibility, 'code', r.code, 'createdAt', r.created_at) ORDER BY r.created_at, r.id)
        FROM focus_rooms r WHERE r.host_id = ${userId}) AS "focusRoomsHosted",
      (SELECT json_agg(json_build_object('room', r.name, 'joinedAt', m.joined_at,
          'edition', CASE WHEN e.id IS NULL THEN NULL ELSE json_build_object('id', e.id, 'title', e.title) END) ORDER BY m.joined_at, r.id)
        FROM focus_room_members m JOIN focus_rooms r ON r.id = m.room_id LEFT JOIN editions e ON e.id = m.edition_id WHERE m.user_id = ${userId}) AS "focusRooms",
      (SELECT json_agg(json_build_object('rarity', g.rarity, 'source', g.source, 'minutes', g.minutes, 'receivedAt', g.received_at, 'hatchedAt', g.hatched_at)
          ORDER BY g.received_at, g.id)
        FROM focus_eggs g WHERE g.user_id = ${userId}) AS "focusEggs",
      (SELECT json_agg(json_build_object('id', p.id, 'species', p.species, 'name', p.name, 'xp', p.xp, 'mood', p.mood, 'moodAt', p.mood_at,
          'companion', p.companion, 'hatchedAt', p.hatched_at) ORDER BY p.hatched_at, p.id)
        FROM focus_pets p WHERE p.user_id = ${userId}) AS "focusPets",
      (SELECT json_agg(json_build_object('kind', v.kind, 'pet', v.pet_id, 'level', v.level, 'task', v.task_id, 'createdAt', v.created_at) ORDER BY v.created_at, v.id)
        FROM focus_events v WHERE v.user_id = ${userId}) AS "focusEvents",
      (SELECT json_agg(json_build_object('overlay', o.kind, 'size', o.size, 'position', o.position, 'textColour', o.text_colour, 'cardColour', o.card_colour,
          'accentColour', o.accent_colour, 'showProgressBar', o.show_progress_bar, 'showPercent', o.show_percent, 'showPetName', o.show_pet_name,
          'updatedAt', o.updated_at) ORDER BY o.kind)
        FROM overlay_settings o WHERE o.user_id = ${userId}) AS "overlaySettings",
      (SELECT json_agg(json_build_object('task', t.task_id, 'periodStart', t.period_start, 'progress', t.progress, 'target', t.target,
          'completedAt', t.completed_at, 'updatedAt', t.updated_at) ORDER BY t.period_start, t.task_id)
        FROM task_progress t WHERE t.user_id = ${userId}) AS "taskProgress",
      (SELECT json_agg(json_build_object('sprint', u.sprint_id, 'twitchLogin', u.twitch_login, 'streamer', s.username, 'minutes', u.minutes,
          'state', u.state, 'creditedMinutes', u.credited_minutes, 'creditedOn', u.credited_on, 'updatedAt', u.updated_at) ORDER BY u.created_at, u.sprint_id)
        FROM unsprint_participations u LEFT JOIN users s ON s.id = u.streamer_id WHERE u.reader_id = ${userId}) AS "unsprintSprints",
      (SELECT json_agg(json_build_object('receivedAt', b.received_at, 'results', b.results) ORDER BY b.received_at, b.id)
        FROM unsprint_batches b WHERE b.streamer_id = ${userId}) AS "unsprintBatches",
      (SELECT json_agg(json_build_object('with', o.username, 'startedAt', c.created_at,
          'messages', coalesce((SELECT json_agg(json_build_object('id', m.id, 'body', m.body, 'sentAt', m.created_at,
              'images', (SELECT json_agg(json_build_object('key', i.storage_key, 'position', i.position, 'width', i.width, 'height', i.height) ORDER BY i.position)
                FROM whisper_images i WHERE i.message_id = m.id)) ORDER BY m.created_at, m.id)
            FROM whisper_messages m WHERE m.conversation_id = c.id AND m.author_id = ${userId} AND m.removed_at IS NULL), '[]'::json))
          ORDER BY c.created_at, c.id)
        FROM whisper_participants me JOIN whisper_conversations c ON c.id = me.conversation_id
          LEFT JOIN whisper_participants op ON op.conversation_id = c.id AND op.user_id <> ${userId} LEFT JOIN users o ON o.id = op.user_id
        WHERE me.user_id = ${userId}) AS whispers`);

  const sections = Object.fromEntries(Object.entries(row ?? {}).map(([key, value]) => [key, value ?? []]));
  // A proposed cover the reader uploaded is theirs too; the request's own id only names the file.
  const changeRequests = (sections.changeRequests as { id: string; code: string; kind: string }[]).map(({ id, ...request }) => {
    if (request.kind !== 'edition_cover') return request;
    const path = `imagens/capas-propostas/${request.code}.webp`;
    images.push({ key: proposedCoverKey(id), path });
    return { ...request, cover: path };
  });
  // An att's photos and the images of the whispers the reader sent: in the zip, named by what carries them.
  type Filed = { id: string; images: { key: string; position: number }[] | null };
  const filed = (folder: string, owner: Filed) =>
    (owner.images ?? []).map(({ key, ...image }) => {
      const path = `imagens/${folder}/${owner.id}-${image.position}.${key.slice(key.lastIndexOf('.') + 1)}`;
      images.push({ key, path });
      return { ...image, path };
    });
  const atts = (sections.atts as Filed[]).map((att) => ({ ...att, images: filed('atts', att) }));
  const whispers = (sections.whispers as { messages: Filed[] }[]).map((conversation) => ({
    ...conversation,
    messages: conversation.messages.map(({ id, ...message }) => ({ ...message, images: filed('sussurros', { id, images: message.images }) })),
  }));
  // The files of the LCs the reader hosts are theirs too: in the zip beside the images, named by the material.
  type HostedMaterial = { id: string; kind: string; title: string; url: string | null; key: string | null };
  const groupReadsHosted = (sections.groupReadsHosted as { slug: string; materials: HostedMaterial[] | null }[]).map((lc) => ({
    ...lc,
    materials: (lc.materials ?? []).map(({ id, key, ...material }) => {
      if (!key) return material;
      const path = `arquivos/lcs/${lc.slug}/${id}.${key.slice(key.lastIndexOf('.') + 1)}`;
      images.push({ key, path });
      return { ...material, file: path };
    }),
  }));
  return {
    data: {
      format: 'maratona',
      version: ARCHIVE_VERSION,
      exportedAt: new Date().toISOString(),
      // An uploaded avatar is in the zip; a provider's picture (Google…) stays a link.
      profile: { ...profileData, avatar: avatarKey ? images[0]!.path : null, avatarUrl: avatarKey ? null : profile.profile.image },
      ...sections,
      atts,
      whispers,
      changeRequests,
      groupReadsHosted,
    },
    images,
  };
}

async function bytesOf(file: StoredFile | null): Promise<Uint8Array | null> {
  return file?.body ? new Uint8Array(await new Response(file.body).arrayBuffer()) : null;
}

/** The zip of the full archive: `data.json` and the reader's images. */
async function archiveZip(userId: string): Promise<{ bytes: Uint8Array; images: number }> {
  const { data, images } = await archiveData(userId);
  const files: Zippable = { 'data.json': strToU8(JSON.stringify(data, null, 2)) };
  for (const image of images) {
    const bytes = await bytesOf(await getStorage().get(image.key));
    // Images are already compressed: stored as they are.
    if (bytes) files[image.path] = [bytes, { level: 0 }];
  }
  return { bytes: zipSync(files, { level: 6 }), images: images.length };
}

const FILE_TYPE: Record<ExportFileKind, { folder: string; extension: 'zip' | 'csv'; contentType: string }> = {
  archive: { folder: 'arquivos-completos', extension: 'zip', contentType: 'application/zip' },
  goodreads_csv: { folder: 'csv-goodreads', extension: 'csv', contentType: 'text/csv; charset=utf-8' },
};
export const exportFileType = (kind: ExportFileKind) => FILE_TYPE[kind];

/** Builds one requested file (the zip, or the CSV) and stores it privately; runs as the `export.archive` job. */
export async function buildExportFile(archiveId: string): Promise<void> {
  const [archive] = await getDb().select().from(archives).where(eq(archives.id, archiveId));
  if (!archive || archive.status !== 'pending') return;
  const type = FILE_TYPE[archive.kind];
  const built = archive.kind === 'archive' ? await archiveZip(archive.userId) : { bytes: strToU8(await goodreadsCsvText(archive.userId)), images: 0 };
  // A key of its own for each build: a second worker that took the job over (an expired lease) writes its own
  // file, and whichever build loses removes only its own.
  const key = `${PRIVATE_UPLOADS_PREFIX}${type.folder}/${archive.userId}/${archiveId}-${newId()}.${type.extension}`;
  await getStorage().put(key, Buffer.from(built.bytes), type.contentType);
  let updated: { id: string }[] = [];
  try {
    updated = await getDb()
      .update(archives)
      .set({
        status: 'ready',
        storageKey: key,
        sizeBytes: built.bytes.byteLength,
        readyAt: new Date(),
        expiresAt: new Date(Date.now() + ARCHIVE_LIFETIME_DAYS * 86_400_000),
      })
      .where(and(eq(archives.id, archiveId), eq(archives.status, 'pending')))
      .returning({ id: archives.id });
  } finally {
    // Another build won, or the row went with its account (whose deletion waited on the row's lock): this
    // file must not outlive the moment.
    if (!updated.length) await removeFiles([key]);
  }
  log.info('export.archive_ready', { archiveId, kind: archive.kind, bytes: built.bytes.byteLength, images: built.images });
}

/**
 * Removes the archives whose time is up, and requests that never became one (failed, or stuck in a worker that
 * died) after a day. A row goes only once its file is gone, so a storage failure is tried again next hour.
 */
export async function expireExportFiles(now = new Date()): Promise<number> {
  const expired = await getDb()
    .select({ id: archives.id, key: archives.storageKey })
    .from(archives)
    .where(
      or(
        lte(archives.expiresAt, now),
        and(sql`${archives.status} <> 'ready'`, lte(archives.createdAt, new Date(now.getTime() - UNFINISHED_KEPT_HOURS * 3_600_000))),
      ),
    );
  let removed = 0;
  for (const archive of expired) {
    try {
      if (archive.key) await getStorage().remove(archive.key);
      await getDb().delete(archives).where(eq(archives.id, archive.id));
      removed += 1;
    } catch (error) {
      log.warn('export.archive_not_expired', { archiveId: archive.id, error });
    }
  }
  return removed;
}

const archivePayload = z.object({ archiveId: z.string() });

registerJobHandler('export.archive', async (payload, job) => {
  const { archiveId } = archivePayload.parse(payload);
  try {
    await buildExportFile(archiveId);
  } catch (error) {
    // The last attempt marks the archive failed, so the page says so and the reader may ask again.
    if (job.attempts >= ARCHIVE_ATTEMPTS) await getDb().update(archives).set({ status: 'failed' }).where(eq(archives.id, archiveId));
    throw error;
  }
});

registerRecurringJob('export.expire-archives', 3600, () => expireExportFiles().then(() => undefined));
