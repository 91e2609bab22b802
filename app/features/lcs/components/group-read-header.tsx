import { Link } from '~/components/link';
import { TabNav } from '~/components/ui/tab-nav';
import { daysLabel, participantsLabel } from '../labels';
import { PHASE_LABELS, can } from '../policy';
import type { GroupReadDetail } from '../types';
import { GroupReadCover } from './group-read-list';
import { JoinForm } from './join-form';

export type GroupReadTab = 'sobre' | 'livros' | 'cronograma' | 'discussao' | 'participantes' | 'materiais' | 'progresso' | 'gerenciar';

/** The LC's cover, title, host, dates and join button, and its tabs (Meu progresso for its participants, Gerenciar for its hosts). */
export function GroupReadHeader({ lc, current }: { lc: GroupReadDetail; current: GroupReadTab }) {
  const base = `/lc/${lc.slug}`;
  const tabs = [
    { to: base, label: 'Sobre', active: current === 'sobre' },
    { to: `${base}/livros`, label: 'Livros', active: current === 'livros' },
    { to: `${base}/cronograma`, label: 'Cronograma', active: current === 'cronograma' },
    { to: `${base}/discussao`, label: 'Discussão', active: current === 'discussao' },
    { to: `${base}/participantes`, label: 'Participantes', active: current === 'participantes' },
    { to: `${base}/materiais`, label: 'Materiais', active: current === 'materiais' },
    ...(lc.standing.status === 'active' ? [{ to: `${base}/progresso`, label: 'Meu progresso', active: current === 'progresso' }] : []),
    ...(can(lc, lc.standing, 'manage') ? [{ to: `${base}/gerenciar`, label: 'Gerenciar', active: current === 'gerenciar' }] : []),
  ];
  return (
    <header className="flex flex-col gap-4">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex items-end gap-4">
          <GroupReadCover lc={lc} size="md" />
          <div className="flex min-w-0 flex-col gap-1">
            <p className="text-sm font-semibold uppercase tracking-wide text-coral">LC · {PHASE_LABELS[lc.phase]}</p>
            <h1 className="font-serif text-2xl font-bold sm:text-3xl">{lc.title}</h1>
            <p className="text-sm text-muted">
              {lc.host.kind === 'club' ? (
                <>
                  Do clube <Link to={`/clube/${lc.host.slug}`}>{lc.host.name}</Link>
                </>
              ) : (
                <>
                  Organizada por <Link to={`/u/${lc.host.username}`}>{lc.host.name || `@${lc.host.username}`}</Link>
                </>
              )}
            </p>
            <p className="text-sm text-muted">
              {daysLabel(lc.startsOn, lc.endsOn)} · {participantsLabel(lc.participantCount, lc.participantCap)}
              {lc.visibility === 'clube' ? ' · só membros do clube' : lc.visibility === 'privado' ? ' · privada' : ''}
            </p>
          </div>
        </div>
        <JoinForm lc={lc} />
      </div>
      <TabNav label="Seções da LC" tabs={tabs} />
    </header>
  );
}
