import { Link } from '~/components/link';
import { ProgressBar } from '~/components/ui/progress-bar';
import { TabNav } from '~/components/ui/tab-nav';
import { formatNumber } from '~/lib/format';
import { MAX_LEVEL, levelFor, moodLabel, xpForLevel } from '../game-policy';
import type { EggView, PetView } from '../game-queries.server';
import { EGG_LABELS, EGG_SOURCE_LABELS, HATCH_MINUTES } from '../vocabulary';
import { SPECIES, petDisplayName } from '../species';
import { EggArt, SpeciesArt } from './species-art';

const TABS = [
  { to: '/foca', label: 'Sessões' },
  { to: '/foca/ovinhos', label: 'Ovinhos' },
  { to: '/foca/bichinhos', label: 'Bichinhos' },
  { to: '/foca/abrigo', label: 'Abrigo' },
  { to: '/foca/salas', label: 'Salas' },
  { to: '/foca/ranking', label: 'Ranking' },
  { to: '/foca/logs', label: 'Registro' },
  { to: '/tarefas', label: 'Tarefas' },
] as const;

/** The foca's pages, as tabs (each its own URL); /tarefas is one of the game's pages too. */
export function FocaTabs({ current }: { current: (typeof TABS)[number]['to'] }) {
  return <TabNav label="Páginas da Foca" tabs={TABS.map((tab) => ({ ...tab, active: tab.to === current }))} />;
}

/** An egg: its rarity, where it came from, and its minutes towards hatching (or its place in the queue). */
export function EggCard({ egg }: { egg: Pick<EggView, 'rarity' | 'source' | 'minutes'> & { incubating?: boolean } }) {
  const need = HATCH_MINUTES[egg.rarity];
  return (
    <li className="flex items-center gap-3 rounded-xl border border-line bg-surface p-3">
      <EggArt rarity={egg.rarity} size={48} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-semibold">
          {EGG_LABELS[egg.rarity]} <span className="text-sm font-normal text-muted">· {EGG_SOURCE_LABELS[egg.source]}</span>
        </p>
        {egg.incubating === false ? (
          <p className="text-sm text-muted">Esperando uma vaga na chocadeira.</p>
        ) : (
          <ProgressBar fraction={egg.minutes / need} label={`${formatNumber(egg.minutes)} de ${formatNumber(need)} min de foco`} />
        )}
      </div>
    </li>
  );
}

/** A pet's level, XP towards the next level and mood, in words (the bar is decoration); the last level says so. */
export function PetStats({ pet }: { pet: Pick<PetView, 'xp' | 'mood'> }) {
  const level = levelFor(pet.xp);
  const from = xpForLevel(level);
  const to = xpForLevel(level + 1);
  const top = level >= MAX_LEVEL;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p>
        Nível <strong>{formatNumber(level)}</strong>
        {top ? ' (o máximo)' : ''} · {formatNumber(pet.xp)} min juntos
      </p>
      {top ? (
        <ProgressBar fraction={1} label="Nível máximo: os minutos juntos continuam contando." />
      ) : (
        <ProgressBar fraction={(pet.xp - from) / (to - from)} label={`${formatNumber(to - pet.xp)} min para o nível ${formatNumber(level + 1)}`} />
      )}
      <p>Humor: {moodLabel(pet.mood)}</p>
    </div>
  );
}

/** The companion on /foca, or how to get one. */
export function CompanionCard({ companion }: { companion: PetView | null }) {
  if (!companion)
    return (
      <p className="text-muted">
        Nenhum bichinho ainda: choque um <Link to="/foca/ovinhos">ovinho</Link> com minutos de foco.
      </p>
    );
  const name = petDisplayName(companion);
  return (
    <div className="flex items-center gap-4">
      <SpeciesArt species={companion.species} size={96} title={SPECIES[companion.species].name} />
      <div className="flex min-w-0 flex-col gap-1">
        <Link to={`/foca/${companion.id}`} className="font-serif text-lg font-semibold">
          {name}
        </Link>
        <PetStats pet={companion} />
      </div>
    </div>
  );
}
