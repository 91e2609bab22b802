/**
 * The rooms' limits (decision 0083). A room holds at most FOCUS_ROOM_MAX_MEMBERS members; a host has at most
 * FOCUS_ROOMS_PER_HOST rooms open at once (a room is open until its host closes it).
 */
export const FOCUS_ROOM_MAX_MEMBERS = 50;
export const FOCUS_ROOMS_PER_HOST = 3;
/** A room's host invites at most this many readers an hour. */
export const FOCUS_ROOM_INVITATIONS_PER_HOUR = 30;
/** The public rooms listed on /foca/salas, newest first. */
export const FOCUS_ROOMS_LISTED = 30;

/**
 * Presence: a member's open room page refreshes `seen_at` every FOCUS_ROOM_HEARTBEAT_SECONDS over its live
 * connection; a member not seen for FOCUS_ROOM_PRESENCE_STALE_SECONDS (a server that died, a laptop that slept) is no
 * longer in the room, whichever server looks.
 */
export const FOCUS_ROOM_HEARTBEAT_SECONDS = 15;
export const FOCUS_ROOM_PRESENCE_STALE_SECONDS = 45;

/** A room's code: 8 characters with no look-alikes (no 0/O, 1/I/L), typed in upper or lower case. */
export const FOCUS_ROOM_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const FOCUS_ROOM_CODE_LENGTH = 8;
