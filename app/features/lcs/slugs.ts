/**
 * An LC's `identificador` follows the clubs' rules (PRODUCT.md §1.1: one set of reserved words for every kind):
 * made from the title, prefixed `lc-` when short or reserved.
 */
import { identificadorFromName } from '~/features/clubs/slugs';

export function slugFromTitle(title: string): string {
  return identificadorFromName(title, 'lc', 'leitura-conjunta');
}
