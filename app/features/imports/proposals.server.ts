import { sql } from 'drizzle-orm';
import { type Tx, jsonTexts, queryRows } from '~/db/client.server';
import { EDITION_FIELDS } from '~/features/catalog/editable-fields';
import { insertChangeRequests } from '~/features/curation/mutations.server';
import type { FieldChange } from '~/features/curation/vocabulary';
import { IMPORT_SOURCES } from './sources';
import type { EditionFacts, ImportSource } from './vocabulary';

/**
 * What a reader's file knows of an edition the catalogue already has (docs/decisions/0053): a field the
 * edition has empty becomes a proposal for the curators — the change request of "Sugerir correção" — and is
 * never written to the edition by the import. The format is never proposed: a matched edition always has one,
 * and the file's may be another edition of the same book.
 */

/** The fields an import proposes, in the order of the edition's form. */
const PROPOSED_FIELDS = ['publisher', 'publicationDate', 'pages'] as const;
type ProposedField = (typeof PROPOSED_FIELDS)[number];

/** The file's values as the catalogue stores them (the same validation as the form), those that pass. */
function valuesOf(facts: EditionFacts): Partial<Record<ProposedField, string>> {
  const given: Record<ProposedField, string | null> = {
    publisher: facts.publisher,
    // A publication date is a four-digit year at least (2019, 2019-03…); Goodreads' years before 1000 are not one.
    publicationDate: facts.year != null && facts.year >= 1000 ? String(facts.year) : null,
    pages: facts.pages == null ? null : String(facts.pages),
  };
  const values: Partial<Record<ProposedField, string>> = {};
  for (const field of PROPOSED_FIELDS) {
    const parsed = given[field] == null ? null : EDITION_FIELDS[field].schema.safeParse(given[field]);
    if (parsed?.success && parsed.data) values[field] = parsed.data;
  }
  return values;
}

type LiveEdition = { id: string; title: string; publisher: string | null; publicationDate: string | null; pages: number | null };

/**
 * Files one change request per edition for the fields it has empty and the file fills (the first row of an
 * edition that gives a field gives it), in the importing reader's name, inside the job's transaction. A field
 * a pending request of the edition already proposes is left to that request, so the same file imported twice,
 * or by two readers, asks the curators once. Not counted against the reader's daily limit of requests: the
 * reader asked for none, and an edition gets at most one. Returns how many requests were filed.
 */
export async function proposeEditionFacts(
  tx: Tx,
  requesterId: string,
  source: ImportSource,
  rows: readonly { editionId: string; facts: EditionFacts }[],
): Promise<number> {
  const wanted = new Map<string, Partial<Record<ProposedField, string>>>();
  for (const { editionId, facts } of rows) wanted.set(editionId, { ...valuesOf(facts), ...wanted.get(editionId) });
  for (const [editionId, values] of wanted) if (!Object.keys(values).length) wanted.delete(editionId);
  if (!wanted.size) return 0;

  const ids = [...wanted.keys()];
  const live = await queryRows<LiveEdition>(
    sql`SELECT id, title, publisher, publication_date AS "publicationDate", pages FROM editions WHERE id IN ${jsonTexts(ids)} ORDER BY id FOR UPDATE`,
    tx,
  );
  const proposed = await queryRows<{ edition_id: string; field: string }>(
    sql`SELECT DISTINCT r.edition_id, c->>'field' AS field FROM change_requests r CROSS JOIN jsonb_array_elements(r.changes) c
      WHERE r.status = 'pending' AND r.kind = 'edition_edit' AND r.edition_id IN ${jsonTexts(ids)}`,
    tx,
  );
  const waiting = new Set(proposed.map((p) => `${p.edition_id} ${p.field}`));
  const note = `Da importação do ${IMPORT_SOURCES[source].name}: o arquivo do leitor traz estes dados, que faltam na edição.`;
  const requests = live.flatMap((edition) => {
    const values = wanted.get(edition.id)!;
    const changes: FieldChange[] = PROPOSED_FIELDS.flatMap((field) =>
      values[field] && edition[field] == null && !waiting.has(`${edition.id} ${field}`) ? [{ field, before: null, after: values[field] }] : [],
    );
    return changes.length
      ? [{ kind: 'edition_edit' as const, editionId: edition.id, authorId: null, targetLabel: edition.title.slice(0, 300), changes, note }]
      : [];
  });
  return (await insertChangeRequests(tx, { id: requesterId }, requests)).length;
}
