import { Link } from '~/components/link';
import { formatNumber } from '~/lib/format';
import { levelFor } from '../game-policy';
import type { PetView } from '../game-queries.server';
import { FOCUS_PROFILE_OTHER_PETS_SHOWN, FOCUS_RANKING_PAGE_SIZE, FOCUS_RECENT_DAYS } from '../policy';
import type { ReaderFoca } from '../reader-page.server';
import { SPECIES, petDisplayName, speciesOf } from '../species';
import { FOCUS_PERIODS, type FocusPeriod, RARITIES, RARITY_LABELS, SPECIES_SLUGS } from '../vocabulary';
import { PetStats } from './game';
import { SpeciesArt } from './species-art';

const minutes = (n: number) => `${formatNumber(n)} min`;
const PERIOD_LABELS: Record<FocusPeriod, string> = { week: 'Nesta semana', month: 'Neste mês', all: 'Desde sempre' };

/** The companion, large: its drawing, name (to its page), species and level with the XP bar. */
function Companion({ pet, owner }: { pet: PetView | undefined; owner: string }) {
  if (!pet?.companion) return <p className="text-muted">{owner} ainda não tem um bichinho: eles nascem de ovinhos chocados com minutos de foco.</p>;
  const species = SPECIES[pet.species];
  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row">
      <SpeciesArt species={pet.species} size={140} title={species.name} className="shrink-0" />
      <div className="flex w-full min-w-0 flex-col gap-1">
        <Link to={`/foca/${pet.id}`} className="font-serif text-2xl font-semibold break-words">
          {petDisplayName(pet)}
        </Link>
        <p className="text-sm text-muted">
          {species.name} ({RARITY_LABELS[species.rarity].toLowerCase()})
        </p>
        <PetStats pet={pet} />
      </div>
    </div>
  );
}

/** Focus minutes this week, this month and all time, as the ranking counts them. */
function Totals({ foca }: { foca: ReaderFoca }) {
  return (
    <dl className="grid grid-cols-3 gap-2">
      {FOCUS_PERIODS.map((period) => (
        <div key={period} className="flex flex-col rounded-lg border border-line bg-paper p-3">
          <dt className="text-sm text-muted">{PERIOD_LABELS[period]}</dt>
          <dd className="font-serif text-xl font-semibold tabular-nums">{minutes(foca.totals[period])}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A pet in a list: its drawing and name linking to its page, species and level. */
function PetItem({ pet }: { pet: PetView }) {
  return (
    <li className="flex items-center gap-3 rounded-xl border border-line bg-surface p-3">
      <SpeciesArt species={pet.species} size={56} className="shrink-0" />
      <div className="flex min-w-0 flex-col">
        <Link to={`/foca/${pet.id}`} className="truncate font-semibold">
          {petDisplayName(pet)}
        </Link>
        <span className="text-sm text-muted">
          {SPECIES[pet.species].name} · nível {formatNumber(levelFor(pet.xp))}
          {pet.companion ? ' · companhia' : ''}
        </span>
      </div>
    </li>
  );
}

/** Pets in a list; `total` how many the reader has of those listed, to say how many more there are. */
function Pets({ pets, total, owner }: { pets: PetView[]; total: number; owner: string }) {
  if (!pets.length) return <p className="text-muted">Nenhum bichinho ainda.</p>;
  const more = total - pets.length;
  return (
    <>
      <ul className="grid gap-2 sm:grid-cols-2">
        {pets.map((pet) => (
          <PetItem key={pet.id} pet={pet} />
        ))}
      </ul>
      {more > 0 ? (
        <p className="text-sm text-muted">{more === 1 ? `E mais 1 bichinho de ${owner}.` : `E mais ${formatNumber(more)} bichinhos de ${owner}.`}</p>
      ) : null}
    </>
  );
}

/** The album: every species by rarity, found (with how many) or a silhouette. */
function Album({ foca }: { foca: ReaderFoca }) {
  return (
    <div className="flex flex-col gap-4">
      {RARITIES.map((rarity) => {
        const slugs = speciesOf(rarity);
        const found = slugs.filter((slug) => foca.album[slug]).length;
        return (
          <section key={rarity} aria-labelledby={`album-${rarity}`} className="flex flex-col gap-2">
            <h3 id={`album-${rarity}`} className="font-semibold">
              {RARITY_LABELS[rarity]}{' '}
              <span className="font-normal text-muted">
                · {formatNumber(found)} de {formatNumber(slugs.length)}
              </span>
            </h3>
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {slugs.map((slug) => {
                const count = foca.album[slug] ?? 0;
                return (
                  <li key={slug} className="flex flex-col items-center gap-1 rounded-lg bg-paper p-2 text-center">
                    <SpeciesArt species={slug} unknown={!count} size={64} />
                    <span className="text-sm font-medium">{SPECIES[slug].name}</span>
                    <span className="text-xs text-muted">
                      {count ? `${formatNumber(count)} ${count === 1 ? 'bichinho' : 'bichinhos'}` : 'Espécie ainda não encontrada'}
                    </span>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <h2 id={id} className="font-serif text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The all-time ranking's page that lists a place. */
function rankingPageOf(place: number): string {
  const page = Math.ceil(place / FOCUS_RANKING_PAGE_SIZE);
  return page > 1 ? `/foca/ranking?periodo=geral&pagina=${page}` : '/foca/ranking?periodo=geral';
}

/** /f/{username}: a reader's whole foca — companion, minutes and place, recent sessions, pets, album. */
export function ReaderFocaPage({ foca, owner }: { foca: ReaderFoca; owner: string }) {
  const found = SPECIES_SLUGS.filter((slug) => foca.album[slug]).length;
  return (
    <div className="flex flex-col gap-4">
      <Section id="foca-companhia" title="Companhia">
        <Companion pet={foca.pets[0]} owner={owner} />
      </Section>
      <Section id="foca-minutos" title="Minutos de foco">
        <Totals foca={foca} />
        {foca.place ? (
          <p>
            <Link to={rankingPageOf(foca.place)}>{formatNumber(foca.place)}º no ranking geral</Link>
          </p>
        ) : null}
        <p className="text-sm text-muted">
          Nos últimos {formatNumber(FOCUS_RECENT_DAYS)} dias:{' '}
          {foca.recent.sessions === 1 ? '1 sessão concluída' : `${formatNumber(foca.recent.sessions)} sessões concluídas`}, {minutes(foca.recent.minutes)}.
        </p>
      </Section>
      <Section id="foca-bichinhos" title={`Bichinhos (${formatNumber(foca.petCount)})`}>
        <Pets pets={foca.pets} total={foca.petCount} owner={owner} />
      </Section>
      <Section id="foca-album" title={`Álbum: ${formatNumber(found)} de ${formatNumber(SPECIES_SLUGS.length)} espécies`}>
        <Album foca={foca} />
      </Section>
    </div>
  );
}

/** The profile's foca tab: the companion, the minutes and a few other pets, with the way to the whole page. */
export function ReaderFocaSummary({ foca, owner, username }: { foca: ReaderFoca; owner: string; username: string }) {
  const companion = foca.pets[0]?.companion ? 1 : 0;
  // The loader reads the companion and 6 more: without a companion, the first 6 of them.
  const others = foca.pets.slice(companion, companion + FOCUS_PROFILE_OTHER_PETS_SHOWN);
  return (
    <div className="flex flex-col gap-4">
      <Companion pet={foca.pets[0]} owner={owner} />
      <Totals foca={foca} />
      {others.length ? (
        <section aria-labelledby="foca-tab-bichinhos" className="flex flex-col gap-2">
          <h2 id="foca-tab-bichinhos" className="font-serif text-xl font-semibold">
            {companion ? 'Outros bichinhos' : 'Bichinhos'}
          </h2>
          <Pets pets={others} total={foca.petCount - companion} owner={owner} />
        </section>
      ) : null}
      <p>
        <Link to={`/f/${username}`}>Ver a Foca de {owner}: bichinhos, álbum e minutos</Link>
      </p>
    </div>
  );
}
