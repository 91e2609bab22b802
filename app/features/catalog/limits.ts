export const SEARCH_PAGE_SIZE = 20;
export const SUGGESTIONS_LIMIT = 6;
export const COLLECTIONS_PAGE_SIZE = 24;
