import type { Relation } from '~/features/social/audience.server';
import type { ProfileVisibility, Visibility } from '~/features/social/vocabulary';

/** What each relation sees, per item visibility, on a public and on a restricted profile (PRODUCT.md §1.3). */
export const EXPECTED_AUDIENCE: Record<ProfileVisibility, Record<Relation | 'visitor', Record<Visibility, boolean>>> = {
  publico: {
    owner: { publico: true, seguidores: true, privado: true },
    follower: { publico: true, seguidores: true, privado: false },
    stranger: { publico: true, seguidores: false, privado: false },
    visitor: { publico: true, seguidores: false, privado: false },
    blocked: { publico: false, seguidores: false, privado: false },
    hidden: { publico: false, seguidores: false, privado: false },
  },
  restrito: {
    owner: { publico: true, seguidores: true, privado: true },
    follower: { publico: true, seguidores: true, privado: false },
    stranger: { publico: false, seguidores: false, privado: false },
    visitor: { publico: false, seguidores: false, privado: false },
    blocked: { publico: false, seguidores: false, privado: false },
    hidden: { publico: false, seguidores: false, privado: false },
  },
};
