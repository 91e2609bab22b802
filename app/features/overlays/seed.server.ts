import { sql } from 'drizzle-orm';
import { queryRows } from '~/db/client.server';
import { viewersOf } from '~/features/clubs/seed.server';
import { saveOverlayLook } from './mutations.server';
import { DEFAULT_LOOKS } from './settings';

/**
 * lia_leitora's overlay looks for the demo (decision 0092): the foca's in the night colours, large, top right. No
 * token: its clear value would be printed nowhere, so it could never be used — lia makes one on /streamer, as any
 * reader would. Skips when lia already has a look; answers how many it wrote.
 */
export async function seedDemoOverlays(): Promise<number> {
  const lia = (await viewersOf(['lia_leitora'])).get('lia_leitora');
  if (!lia || (await queryRows(sql`SELECT 1 FROM overlay_settings WHERE user_id = ${lia.id}`)).length) return 0;
  await saveOverlayLook(lia, 'foca', {
    ...DEFAULT_LOOKS.foca,
    size: 'lg',
    position: 'top-right',
    textColour: '#ece7dd',
    cardColour: '#11161d',
    accentColour: '#f29072',
  });
  await saveOverlayLook(lia, 'capa', DEFAULT_LOOKS.capa);
  return 2;
}
