/** The words of atts the schema stores (docs/decisions/0041): a leaf, imported by the schema and the UI alike. */

/** What an att was posted from: a progress update, a finished book, a published review. */
export const ATT_KINDS = ['progress', 'finished', 'review'] as const;
export type AttKind = (typeof ATT_KINDS)[number];

/** The fixed reactions (docs/decisions/0021): one of each per reader per att. */
export const REACTIONS = ['heart', 'laugh', 'wow', 'sad', 'clap'] as const;
export type Reaction = (typeof REACTIONS)[number];
