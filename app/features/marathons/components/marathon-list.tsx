import { Link } from '~/components/link';
import { marathonDaysLabel, participantsLabel } from '../labels';
import { PHASE_LABELS, REGISTRATION_LABELS } from '../policy';
import type { MarathonCard } from '../types';

/** Marathons as cards: the directory, /m. */
export function MarathonList({ marathons }: { marathons: readonly MarathonCard[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {marathons.map((m) => (
        <li key={m.id} className="flex flex-col gap-1 rounded-xl border border-line bg-surface p-4">
          <p className="text-xs font-semibold uppercase tracking-wide text-coral">
            {m.official ? 'Oficial' : 'Da comunidade'} · {PHASE_LABELS[m.phase]}
          </p>
          <Link to={`/m/${m.slug}`} className="font-serif text-lg font-semibold">
            {m.name}
          </Link>
          <p className="text-sm text-muted">{marathonDaysLabel(m)}</p>
          <p className="text-sm text-muted">
            {m.official ? 'Organizada pelo Maratona' : `Por ${m.organizer.name}`} · {participantsLabel(m.participantCount)}
            {m.phase !== 'encerrada' ? ` · ${REGISTRATION_LABELS[m.registration]}` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}
