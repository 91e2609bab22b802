import { Link } from '~/components/link';
import { TabNav } from '~/components/ui/tab-nav';
import { marathonDaysLabel, participantsLabel } from '../labels';
import { PHASE_LABELS, can } from '../policy';
import type { MarathonDetail } from '../types';
import { MarathonJoinForm } from './marathon-join-form';

export type MarathonTab = 'sobre' | 'desafios' | 'progresso' | 'ranking' | 'feed' | 'participantes' | 'gerenciar';

/** The marathon's cover, name, organiser, dates, registration, and its tabs (Gerenciar for its organisers, no board for the banned). */
export function MarathonHeader({ marathon, current }: { marathon: MarathonDetail; current: MarathonTab }) {
  const base = `/m/${marathon.slug}`;
  const tabs = [
    { to: base, label: 'Sobre', active: current === 'sobre' },
    { to: `${base}/desafios`, label: 'Desafios', active: current === 'desafios' },
    // My board: a banned reader has none (PRODUCT.md §G); everyone else finds theirs, or how to have one, there.
    ...(marathon.standing.status === 'banned' ? [] : [{ to: `${base}/progresso`, label: 'Meu progresso', active: current === 'progresso' }]),
    { to: `${base}/ranking`, label: 'Ranking', active: current === 'ranking' },
    { to: `${base}/feed`, label: 'Feed', active: current === 'feed' },
    { to: `${base}/participantes`, label: 'Participantes', active: current === 'participantes' },
    ...(can(marathon, marathon.standing, 'manage') ? [{ to: `${base}/gerenciar`, label: 'Gerenciar', active: current === 'gerenciar' }] : []),
  ];
  const { organizer } = marathon;
  return (
    <header className="flex flex-col gap-4">
      {marathon.coverUrl ? <img src={marathon.coverUrl} alt="" className="aspect-[3/1] w-full rounded-xl border border-line object-cover" /> : null}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-sm font-semibold uppercase tracking-wide text-coral">
            {marathon.official ? 'Maratona oficial' : 'Maratona da comunidade'} · {PHASE_LABELS[marathon.phase]}
          </p>
          <h1 className="font-serif text-2xl font-bold sm:text-3xl">{marathon.name}</h1>
          <p className="text-sm text-muted">
            {marathon.official ? (
              'Organizada pela equipe do Maratona'
            ) : (
              <>
                {organizer.kind === 'clube' ? 'Do clube ' : 'Organizada por '}
                {organizer.href ? <Link to={organizer.href}>{organizer.name}</Link> : organizer.name}
              </>
            )}
          </p>
          <p className="text-sm text-muted">
            {marathonDaysLabel(marathon)} · {participantsLabel(marathon.participantCount)}
            {marathon.visibility === 'clube' ? ' · só membros do clube' : marathon.visibility === 'privado' ? ' · privada' : ''}
          </p>
        </div>
        <MarathonJoinForm marathon={marathon} />
      </div>
      <TabNav label="Seções da maratona" tabs={tabs} />
    </header>
  );
}
