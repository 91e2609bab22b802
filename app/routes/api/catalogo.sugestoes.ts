import type { Route } from './+types/catalogo.sugestoes';
import { suggestEditions } from '~/features/catalog/search.server';
import { catalogSearchParams } from '~/features/catalog/validation';
import { membersLabel } from '~/features/clubs/labels';
import { suggestClubs } from '~/features/clubs/queries.server';
import { participantsLabel } from '~/features/marathons/labels';
import { PHASE_LABELS } from '~/features/marathons/policy';
import { suggestMarathons } from '~/features/marathons/queries.server';
import type { Suggestion } from '~/features/catalog/components/use-suggestions';
import { suggestFocaReader, suggestSpecies } from '~/features/focus/search.server';
import { petDisplayName } from '~/features/focus/species';
import { RARITY_LABELS } from '~/features/focus/vocabulary';

/**
 * The header typeahead: a few editions, then a few clubs and marathons, then the foca — a reader's foca page for an
 * exact username and species of the album (decision 0086) — for what has been typed so far. Public, briefly cacheable.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { q } = catalogSearchParams.pick({ q: true }).parse(Object.fromEntries(new URL(request.url).searchParams));
  const [editions, clubs, marathons, reader] = await Promise.all([suggestEditions(q), suggestClubs(q), suggestMarathons(q), suggestFocaReader(q)]);
  const suggestions: Suggestion[] = [
    ...editions.map((e) => ({
      kind: 'edition' as const,
      id: e.id,
      title: e.title,
      detail: [e.authors.map((a) => a.name).join(', '), e.year].filter(Boolean).join(' · '),
      href: `/ed/${e.id}`,
    })),
    ...clubs.map((c) => ({ kind: 'club' as const, id: c.id, title: c.name, detail: `Clube · ${membersLabel(c.memberCount)}`, href: `/clube/${c.slug}` })),
    ...marathons.map((m) => ({
      kind: 'marathon' as const,
      id: m.id,
      title: m.name,
      detail: `Maratona · ${PHASE_LABELS[m.phase]} · ${participantsLabel(m.participantCount)}`,
      href: `/m/${m.slug}`,
    })),
    ...(reader
      ? [
          {
            kind: 'reader' as const,
            id: reader.username,
            title: `Foca de ${reader.name}`,
            detail: reader.companion ? `@${reader.username} · companhia: ${petDisplayName(reader.companion)}` : `@${reader.username}`,
            href: `/f/${reader.username}`,
          },
        ]
      : []),
    ...suggestSpecies(q).map((species) => ({
      kind: 'species' as const,
      id: species.slug,
      title: species.name,
      detail: `Espécie da Foca · ${RARITY_LABELS[species.rarity]} · ${species.scientificName}`,
      href: `/foca/bichinhos#especie-${species.slug}`,
    })),
  ];
  return Response.json({ suggestions }, { headers: { 'Cache-Control': 'public, max-age=60' } });
}
