/** Limits of custom shelves (docs/decisions/0018). */
export const SHELF_NAME_MAX = 60;
export const SHELF_DESCRIPTION_MAX = 500;
export const MAX_SHELVES_PER_READER = 100;
export const MAX_ITEMS_PER_SHELF = 1_000;
/** Private notes of a shelf entry. */
export const NOTES_MAX = 2_000;
