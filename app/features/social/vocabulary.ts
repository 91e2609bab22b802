/** The visibility of shelves, reviews, atts and group reads (PRODUCT.md §1.3), in Portuguese in rows and URLs as the product names them. */
export const VISIBILITIES = ['publico', 'seguidores', 'privado'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const VISIBILITY_LABELS: Record<Visibility, string> = {
  publico: 'Pública',
  seguidores: 'Só seguidores',
  privado: 'Privada',
};

export const PROFILE_VISIBILITIES = ['publico', 'restrito'] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];
