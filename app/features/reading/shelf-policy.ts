/** Custom shelves' visibility (PRODUCT.md §1.3), in Portuguese in rows and URLs as the product names them. */
export const SHELF_VISIBILITIES = ['publico', 'seguidores', 'privado'] as const;
export type ShelfVisibility = (typeof SHELF_VISIBILITIES)[number];

export const VISIBILITY_LABELS: Record<ShelfVisibility, string> = {
  publico: 'Pública',
  seguidores: 'Só seguidores',
  privado: 'Privada',
};

/** Limits of custom shelves (docs/decisions/0018). */
export const SHELF_NAME_MAX = 60;
export const SHELF_DESCRIPTION_MAX = 500;
export const MAX_SHELVES_PER_READER = 100;
export const MAX_ITEMS_PER_SHELF = 1_000;
/** Private notes of a shelf entry. */
export const NOTES_MAX = 2_000;

export type ShelfAccess = { ownerId: string; visibility: ShelfVisibility };

/**
 * Who may see a custom shelf. Following does not exist yet, so `seguidores` shelves are the owner's only
 * until the following slice passes `follows` (docs/decisions/0018): this is the one place to change.
 */
export function canViewShelf(viewerId: string | null, shelf: ShelfAccess, follows = false): boolean {
  if (shelf.visibility === 'publico' || viewerId === shelf.ownerId) return true;
  return shelf.visibility === 'seguidores' && follows;
}
