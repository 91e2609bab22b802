/** The admin pages' windows and page sizes, shared by the queries and the words the pages show. */
export const DASHBOARD_WEEKS = 12;
export const ENGAGEMENT_DAYS = 30;
export const MEMBERS_PAGE_SIZE = 50;
/** Requests shown at once on /admin/membros (the oldest first: they waited longest). */
export const REQUESTS_SHOWN = 50;
