import type { GroupReadInput } from '~/features/lcs/validation';
import { saoPauloToday } from '~/features/lcs/policy';
import { addDays } from '~/features/lcs/schedule';
import { createEdition } from './factories';

/** What the wizard hands createGroupRead for a public LC of one book in two etapas, starting in three days. */
export async function lcInput(overrides: Partial<GroupReadInput> = {}): Promise<GroupReadInput> {
  const edition = await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'], pages: 264 });
  const startsOn = addDays(saoPauloToday(), 3);
  return {
    title: 'LC de Torto Arado',
    description: 'Vamos ler juntos.',
    hostClubId: null,
    visibility: 'publico',
    participantCap: null,
    startsOn,
    endsOn: addDays(startsOn, 13),
    stageCount: 2,
    editions: [{ editionId: edition, pages: null }],
    stages: [
      { editionIndex: 0, unit: 'pages', fromNumber: 1, toNumber: 132, startsOn, endsOn: addDays(startsOn, 6) },
      { editionIndex: 0, unit: 'pages', fromNumber: 133, toNumber: 264, startsOn: addDays(startsOn, 7), endsOn: addDays(startsOn, 13) },
    ],
    materials: [{ title: 'Playlist', url: 'https://exemplo.com.br/playlist' }],
    ...overrides,
  };
}
