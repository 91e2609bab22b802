/** A marathon's `identificador` follows the clubs' rules (PRODUCT.md §1.1): made from its name, prefixed `maratona-` when short or reserved. */
import { identificadorFromName } from '~/features/clubs/slugs';

export function slugFromName(name: string): string {
  return identificadorFromName(name, 'maratona', 'maratona-literaria');
}
