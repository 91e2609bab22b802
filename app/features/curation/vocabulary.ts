/** The shapes of curation the schema stores (docs/decisions/0041): a leaf, the schema and the UI import it. */

/** One proposed value: what the requester saw on the page, and what they propose instead. */
export type FieldChange = {
  field: string;
  before: string | null;
  after: string | null;
  /** The reader's value when a curator approved a different one (edit-then-approve). */
  proposed?: string | null;
};
