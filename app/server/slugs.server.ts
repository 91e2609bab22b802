import { type SQL, eq, getTableColumns, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { data, redirect } from 'react-router';
import { type Tx, getDb, queryRows } from '~/db/client.server';
import { type ViewerArgs, type Viewer, getViewer } from './viewer.server';

/**
 * The `identificador`s of one kind of thing (clubs, LCs; PRODUCT.md §1.1): the table holding each current one,
 * and the table of old ones that keep redirecting (308) to it. One way to find a free one, tell a taken one,
 * move one and follow an old one, whatever the kind.
 */
export type SlugStore = {
  /** Names the lock every change of this kind's identificadores takes. */
  kind: string;
  owners: PgTable;
  ownerId: AnyPgColumn;
  ownerSlug: AnyPgColumn;
  redirects: PgTable;
  redirectSlug: AnyPgColumn;
  redirectOwnerId: AnyPgColumn;
};

const SLUG_MAX = 60;

/**
 * Taken first by every change of the kind's identificadores (a new one, a rename), so two at once never pick the
 * same free one (the unique index would answer a 500).
 */
export async function lockSlugs(tx: Tx, store: SlugStore): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`slugs:${store.kind}`}))`);
}

/** Whether another thing of the kind holds `slug` now, or did and still redirects from it. */
export async function slugTaken(tx: Tx, store: SlugStore, slug: string, exceptId: string | null): Promise<boolean> {
  const held = (table: PgTable, id: AnyPgColumn, column: AnyPgColumn): SQL =>
    sql`SELECT 1 FROM ${table} WHERE ${column} = ${slug} AND ${id} IS DISTINCT FROM ${exceptId}`;
  const rows = await queryRows<{ taken: boolean }>(
    sql`SELECT EXISTS (${held(store.owners, store.ownerId, store.ownerSlug)}) OR EXISTS (${held(store.redirects, store.redirectOwnerId, store.redirectSlug)}) AS taken`,
    tx,
  );
  return rows[0]?.taken ?? false;
}

/**
 * A slug of the kind no one holds nor redirects from: `base`, else `base-2`, `base-3`…, cut so it stays within 60
 * characters without a hyphen doubled or left before the number. The caller holds lockSlugs.
 */
export async function freeSlug(tx: Tx, store: SlugStore, base: string): Promise<string> {
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base.slice(0, SLUG_MAX - String(n).length - 1).replace(/-+$/, '')}-${n}`;
    if (!(await slugTaken(tx, store, slug, null))) return slug;
  }
}

/**
 * A thing's identificador changes from `from` to `to` (the caller checked `to` is free and holds lockSlugs): the
 * old one keeps redirecting, and `to` stops redirecting anywhere (it was the thing's own before, at most).
 */
export async function leaveRedirect(tx: Tx, store: SlugStore, id: string, from: string, to: string): Promise<void> {
  await tx.delete(store.redirects).where(eq(store.redirectSlug, to));
  // Column keys, not SQL names: the schema's casing maps them to the table's columns.
  const keyOf = (column: AnyPgColumn) => Object.entries(getTableColumns(store.redirects)).find(([, c]) => c === column)![0];
  await tx
    .insert(store.redirects)
    .values({ [keyOf(store.redirectSlug)]: from, [keyOf(store.redirectOwnerId)]: id } as never)
    .onConflictDoNothing();
}

/** Where an old identificador of the kind moved to (for a 308), or null. */
export async function findSlugRedirect(store: SlugStore, slug: string): Promise<string | null> {
  const rows = await queryRows<{ slug: string }>(
    sql`SELECT ${store.ownerSlug} AS slug FROM ${store.redirects} JOIN ${store.owners} ON ${store.ownerId} = ${store.redirectOwnerId}
      WHERE ${store.redirectSlug} = ${slug}`,
    getDb(),
  );
  return rows[0]?.slug ?? null;
}

/**
 * The thing behind a /{prefix}/{identificador}/… route for its viewer: `get` answers it, or null when it is
 * missing or hidden from them (404). An old identificador answers 308 to the same page under the new one, but
 * only to a viewer who may see it: an old identificador of a private one says nothing, not even its new name.
 */
export async function loadBySlugForRoute<T>(
  args: ViewerArgs & { params: { identificador?: string } },
  options: { store: SlugStore; prefix: string; get: (viewer: Viewer | null, slug: string) => Promise<T | null> },
): Promise<T> {
  const slug = args.params.identificador;
  if (!slug || !/^[a-z0-9-]{1,60}$/.test(slug)) throw data(null, { status: 404 });
  const viewer = await getViewer(args);
  const found = await options.get(viewer, slug);
  if (found) return found;
  const moved = await findSlugRedirect(options.store, slug);
  if (moved && (await options.get(viewer, moved))) {
    const url = new URL(args.request.url);
    throw redirect(url.pathname.replace(`/${options.prefix}/${slug}`, `/${options.prefix}/${moved}`) + url.search, 308);
  }
  throw data(null, { status: 404 });
}
