/** Either side of a whisper conversation's pair (decision 0088). */
const WHISPER_PAIR = {
  onDelete: 'anonymise',
  why: 'the other reader keeps the conversation, shown with “leitor removido”',
  archive: { excluded: 'the pair of a conversation: the reader’s conversations are in whispers' },
} as const;

/**
 * Every column that references a reader, with what becomes of it (docs/decisions/0030, 0031):
 * - `onDelete` — deleting the account: `delete`, the row is the reader's own and goes with them (ON DELETE
 *   CASCADE); `anonymise`, others rely on the row and it stays without its author (ON DELETE SET NULL, shown as
 *   "leitor removido"), `why` says why;
 * - `archive` — the full archive's `data.json`: the top-level key that carries the rows, or why they stay out.
 * Two schema tests read this list: deletion.test.ts checks it against every foreign key to `users` in
 * `pg_constraint`, archive.test.ts that every key named here is in the archive. A new table that references
 * readers fails both until it is given its line.
 */
export const READER_REFERENCES: Record<string, { onDelete: 'delete' | 'anonymise'; why: string; archive: string | { excluded: string } }> = {
  'sessions.user_id': {
    onDelete: 'delete',
    why: 'sign-ins end with the account',
    archive: { excluded: 'sign-in sessions: secrets, not what the reader made' },
  },
  'auth_accounts.user_id': { onDelete: 'delete', why: 'passwords and provider tokens', archive: { excluded: 'password hashes and provider tokens' } },
  'username_redirects.user_id': {
    onDelete: 'delete',
    why: 'an old username must not lead anywhere',
    archive: { excluded: 'an old username kept 30 days for links; the username is in profile' },
  },
  'notification_settings.user_id': { onDelete: 'delete', why: 'the reader’s switches', archive: 'notificationSettings' },
  'digest_sends.user_id': { onDelete: 'delete', why: 'which weekly emails the reader got', archive: { excluded: 'which weekly emails the site sent' } },
  'author_follows.user_id': { onDelete: 'delete', why: 'whom the reader follows', archive: 'authorFollows' },
  'collection_follows.user_id': { onDelete: 'delete', why: 'what the reader follows', archive: 'collectionFollows' },
  'notifications.user_id': {
    onDelete: 'delete',
    why: 'the reader’s own notifications',
    archive: { excluded: 'what the site told the reader, not what the reader made' },
  },
  'notifications.actor_id': {
    onDelete: 'delete',
    why: 'others’ notifications name the reader (“@x começou a seguir você”)',
    archive: { excluded: 'other readers’ notifications (“@x começou a seguir você”)' },
  },
  'follows.follower_id': { onDelete: 'delete', why: 'a follow is personal on both ends', archive: 'following' },
  'follows.followee_id': { onDelete: 'delete', why: 'a follow is personal on both ends', archive: 'followers' },
  'blocks.blocker_id': { onDelete: 'delete', why: 'the reader’s blocks', archive: 'blocked' },
  'blocks.blocked_id': {
    onDelete: 'delete',
    why: 'there is no one left to block',
    archive: { excluded: 'who blocked the reader is that other reader’s private choice' },
  },
  'shelf_entries.user_id': { onDelete: 'delete', why: 'the bookshelf, with its reviews, notes and progress', archive: 'bookshelf' },
  'read_throughs.user_id': { onDelete: 'delete', why: 'the reader’s readings', archive: 'bookshelf' },
  'shelves.user_id': { onDelete: 'delete', why: 'the reader’s custom shelves', archive: 'shelves' },
  'reading_goals.user_id': { onDelete: 'delete', why: 'the reader’s goals', archive: 'goals' },
  'reading_year_totals.user_id': {
    onDelete: 'delete',
    why: 'figures counted from the reader’s readings',
    archive: { excluded: 'books and pages per year, counted again from the readings in bookshelf' },
  },
  'reviews.user_id': { onDelete: 'delete', why: 'reviews are the reader’s own page about a book', archive: 'bookshelf' },
  'atts.author_id': { onDelete: 'delete', why: 'atts are the reader’s posts, photos included', archive: 'atts' },
  'att_reactions.user_id': { onDelete: 'delete', why: 'a reaction says who reacted', archive: 'reactions' },
  'att_comments.author_id': { onDelete: 'anonymise', why: 'a comment in someone else’s thread: the conversation would lose its sense', archive: 'comments' },
  'reports.reporter_id': { onDelete: 'delete', why: 'who reported is personal; the admins’ log of actions stays', archive: 'reports' },
  'reports.target_author_id': {
    onDelete: 'anonymise',
    why: 'what they left (a comment) can still be reported and hidden',
    archive: { excluded: 'reports about the reader are their reporters’ data' },
  },
  'reports.resolved_by_id': {
    onDelete: 'anonymise',
    why: 'the report stays for the other admins',
    archive: { excluded: 'an admin’s work on others’ reports' },
  },
  'moderation_actions.admin_id': {
    onDelete: 'anonymise',
    why: 'the moderation log is never rewritten',
    archive: { excluded: 'an admin’s work; the moderation log is never rewritten' },
  },
  'change_requests.requester_id': { onDelete: 'anonymise', why: 'a catalogue contribution others rely on', archive: 'changeRequests' },
  'change_requests.reviewer_id': {
    onDelete: 'anonymise',
    why: 'a curator’s decision stays in the catalogue’s history',
    archive: { excluded: 'a curator’s decisions on others’ requests' },
  },
  'catalog_changes.actor_id': {
    onDelete: 'anonymise',
    why: 'the catalogue’s history of changes',
    archive: { excluded: 'the catalogue’s history; the reader’s own proposals are in changeRequests' },
  },
  'catalog_imports.curator_id': {
    onDelete: 'anonymise',
    why: 'a curator’s import stays as the catalogue’s record',
    archive: { excluded: 'a curator’s bulk import into the catalogue' },
  },
  'news_posts.author_id': { onDelete: 'anonymise', why: 'the site’s news stay published', archive: { excluded: 'the site’s news, written as staff' } },
  'affiliate_clicks.user_id': {
    onDelete: 'anonymise',
    why: 'click counts stay, without who clicked',
    archive: { excluded: 'click counts for bookshop links' },
  },
  'archives.user_id': { onDelete: 'delete', why: 'the archives are the reader’s own', archive: { excluded: 'the archives themselves' } },
  'reader_imports.user_id': {
    onDelete: 'delete',
    why: 'the reader’s imports and the rows of their files',
    archive: { excluded: 'a record of files the reader uploaded; what they imported is in bookshelf, readings and reviews' },
  },
  'club_members.user_id': {
    onDelete: 'delete',
    why: 'the reader’s memberships; a club they own passes to its next in rank first (clubs/deletion.server.ts)',
    archive: 'clubs',
  },
  'club_members.invited_by_id': {
    onDelete: 'anonymise',
    why: 'who let another reader in is the club’s record of that member',
    archive: { excluded: 'whom the reader invited or approved: the other members’ data' },
  },
  'club_posts.author_id': { onDelete: 'anonymise', why: 'a post in a club is part of its members’ conversation', archive: 'clubPosts' },
  'club_post_revisions.editor_id': {
    onDelete: 'anonymise',
    why: 'a post’s history of edits stays with the post',
    archive: { excluded: 'earlier versions of posts; the current text of the reader’s posts is in clubPosts' },
  },
  'club_post_comments.author_id': {
    onDelete: 'anonymise',
    why: 'a comment in a club’s thread: the conversation would lose its sense',
    archive: 'clubComments',
  },
  'club_post_reactions.user_id': { onDelete: 'delete', why: 'a reaction says who reacted', archive: 'clubReactions' },
  'club_activity_reminders.user_id': {
    onDelete: 'delete',
    why: 'which reminders the reader was sent',
    archive: { excluded: 'which activity reminders the site sent, not what the reader made' },
  },
  'club_activities.created_by_id': {
    onDelete: 'anonymise',
    why: 'a club’s schedule belongs to the club',
    archive: { excluded: 'a club’s schedule, made for its members' },
  },
  'group_reads.host_user_id': {
    onDelete: 'delete',
    why: 'an LC a reader hosts is theirs, with its schedule and materials (a club’s LC stays with the club)',
    archive: 'groupReadsHosted',
  },
  'group_reads.created_by_id': {
    onDelete: 'anonymise',
    why: 'a club’s LC belongs to the club; who set it up is only its record',
    archive: { excluded: 'a club’s LC, made for its members; the LCs the reader hosts are in groupReadsHosted' },
  },
  'group_read_participants.user_id': { onDelete: 'delete', why: 'the reader’s places in LCs', archive: 'groupReads' },
  'group_read_participants.invited_by_id': {
    onDelete: 'anonymise',
    why: 'who invited another reader is the LC’s record of that participant',
    archive: { excluded: 'whom the reader invited: the other participants’ data' },
  },
  'group_read_comments.author_id': {
    onDelete: 'anonymise',
    why: 'a comment in an LC’s discussion: the conversation and its replies would lose their sense',
    archive: 'groupReadComments',
  },
  'group_read_stage_marks.user_id': { onDelete: 'delete', why: 'the etapas the reader marked read or revealed', archive: 'groupReadStageMarks' },
  'group_read_stage_notices.user_id': {
    onDelete: 'delete',
    why: 'which etapa openings the reader was told of',
    archive: { excluded: 'which etapa notices the site sent, not what the reader made' },
  },
  'marathon_notices.user_id': {
    onDelete: 'delete',
    why: 'which marathon starts, ends and revealed challenges the reader was told of',
    archive: { excluded: 'which marathon notices the site sent, not what the reader made' },
  },
  'group_read_materials.created_by_id': {
    onDelete: 'anonymise',
    why: 'an LC’s materials belong to the LC',
    archive: { excluded: 'an LC’s materials, shared with its participants' },
  },
  'marathons.organizer_user_id': {
    onDelete: 'delete',
    why: 'a marathon a reader organises is theirs, with its challenges (a club’s or an official one stays)',
    archive: 'marathonsOrganized',
  },
  'marathons.created_by_id': {
    onDelete: 'anonymise',
    why: 'a club’s or an official marathon belongs to the club or the site; who set it up is only its record',
    archive: { excluded: 'a club’s or an official marathon; the marathons the reader organises are in marathonsOrganized' },
  },
  'marathon_participants.user_id': { onDelete: 'delete', why: 'the reader’s registrations in marathons', archive: 'marathons' },
  'marathon_challenge_links.user_id': {
    onDelete: 'delete',
    why: 'the editions the reader linked to challenges on their marathon boards',
    archive: 'marathonChallengeLinks',
  },
  'marathon_challenge_completions.user_id': { onDelete: 'delete', why: 'the challenges the reader did in marathons', archive: 'marathonChallengeCompletions' },
  'marathon_webhook_deliveries.user_id': {
    onDelete: 'delete',
    why: 'the log of sending the reader’s board to a marathon’s webhook',
    archive: { excluded: 'the organiser’s log of webhook calls (status codes, times); what was sent is the reader’s board, exported with their marathons' },
  },
  'focus_sessions.user_id': { onDelete: 'delete', why: 'the reader’s focus sessions', archive: 'focusSessions' },
  'focus_totals.user_id': {
    onDelete: 'delete',
    why: 'the ranking’s sums of the reader’s focus minutes',
    archive: { excluded: 'focus minutes per week, month and all time, counted again from focusSessions' },
  },
  'focus_rooms.host_id': {
    onDelete: 'delete',
    why: 'a focus room is its host’s: it closes with the account (its members’ sessions stay theirs)',
    archive: 'focusRoomsHosted',
  },
  'focus_room_members.user_id': { onDelete: 'delete', why: 'the focus rooms the reader is in, with the book they chose', archive: 'focusRooms' },
  'focus_eggs.user_id': { onDelete: 'delete', why: 'the reader’s foca eggs', archive: 'focusEggs' },
  'focus_pets.user_id': { onDelete: 'delete', why: 'the reader’s foca pets', archive: 'focusPets' },
  'focus_events.user_id': { onDelete: 'delete', why: 'the reader’s foca game log', archive: 'focusEvents' },
  'task_progress.user_id': { onDelete: 'delete', why: 'the reader’s progress on the daily and weekly tasks (/tarefas)', archive: 'taskProgress' },
  'unsprint_participations.reader_id': {
    onDelete: 'delete',
    why: 'the unSprint sprints credited to the reader (decision 0093)',
    archive: 'unsprintSprints',
  },
  'unsprint_participations.streamer_id': {
    onDelete: 'anonymise',
    why: 'the chatters a streamer’s bot reported keep their credited sprints',
    archive: { excluded: 'other chatters’ sprints; what the streamer’s bot sent is in unsprintBatches' },
  },
  'unsprint_batches.streamer_id': { onDelete: 'delete', why: 'the log of what the streamer’s bot sent', archive: 'unsprintBatches' },
  'whisper_conversations.low_reader_id': WHISPER_PAIR,
  'whisper_conversations.high_reader_id': WHISPER_PAIR,
  'whisper_participants.user_id': { onDelete: 'delete', why: 'the reader’s side of their conversations and read marks', archive: 'whispers' },
  'whisper_messages.author_id': {
    onDelete: 'anonymise',
    why: 'the reader’s whispers lose their text and stay as “mensagem removida” marks on the other side (decision 0090)',
    archive: 'whispers',
  },
  'whisper_report_views.viewer_id': {
    onDelete: 'anonymise',
    why: 'the audit log of staff looks at reported whispers is never rewritten: it keeps the username they had when they looked (decision 0090)',
    archive: { excluded: 'a staff member’s work on others’ reports, as the moderation log' },
  },
  'whisper_hidden_messages.user_id': {
    onDelete: 'delete',
    why: 'the messages the reader deleted for themselves',
    archive: { excluded: 'messages the reader deleted for themselves are left out of whispers, as they see the conversation' },
  },
  'task_counted_keys.user_id': {
    onDelete: 'delete',
    why: 'which challenges and books already counted in the reader’s tasks, once ever',
    archive: { excluded: 'ids of the reader’s own challenges and works, already in their sections; what counted is in taskProgress' },
  },
  'overlay_tokens.user_id': {
    onDelete: 'delete',
    why: 'the reader’s OBS overlay token: its overlays show nothing once the account is gone',
    archive: { excluded: 'a credential (only its hash is kept): never exported; the reader makes a new one' },
  },
  'overlay_settings.user_id': { onDelete: 'delete', why: 'how the reader’s overlays look', archive: 'overlaySettings' },
  'marathon_notice_acceptances.user_id': { onDelete: 'delete', why: 'when the reader accepted the marathons’ notice', archive: 'marathonNotice' },
};
