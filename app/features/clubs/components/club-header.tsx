import { TabNav } from '~/components/ui/tab-nav';
import { can } from '../policy';
import { membersLabel } from '../labels';
import type { ClubDetail } from '../types';
import { ClubAvatar } from './club-avatar';
import { MembershipForm } from './membership-form';

export type ClubTab = 'inicio' | 'posts' | 'comunidade' | 'planos' | 'admin';

/** The club's banner, name and join button, and its tabs (Admin only for the staff who run it or moderate members). */
export function ClubHeader({ club, current, signedIn }: { club: ClubDetail; current: ClubTab; signedIn: boolean }) {
  const base = `/clube/${club.slug}`;
  const tabs = [
    { to: base, label: 'Início', active: current === 'inicio' },
    { to: `${base}/posts`, label: 'Posts', active: current === 'posts' },
    { to: `${base}/comunidade`, label: 'Comunidade', active: current === 'comunidade' },
    { to: `${base}/planos`, label: 'Planos', active: current === 'planos' },
    ...(can(club.standing, 'run_club')
      ? [{ to: `${base}/admin`, label: 'Admin', active: current === 'admin' }]
      : can(club.standing, 'manage_members')
        ? [{ to: `${base}/admin/membros`, label: 'Membros', active: current === 'admin' }]
        : []),
  ];
  return (
    <header className="flex flex-col gap-4">
      <div
        className="h-28 rounded-xl bg-cover bg-center sm:h-40"
        style={{ backgroundColor: club.primaryColor, ...(club.bannerUrl ? { backgroundImage: `url(${club.bannerUrl})` } : {}) }}
      />
      <div className="-mt-12 flex flex-col gap-3 px-2 sm:-mt-14 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex items-end gap-3">
          <span className="rounded-xl border-4 border-paper">
            <ClubAvatar club={club} size={88} />
          </span>
          <div className="flex flex-col">
            <h1 className="font-serif text-2xl font-bold sm:text-3xl">{club.name}</h1>
            <p className="text-sm text-muted">
              {membersLabel(club.memberCount)}
              {club.visibility === 'moderado' ? ' · entrada com aprovação' : club.visibility === 'privado' ? ' · clube privado' : ' · aberto a todos'}
            </p>
          </div>
        </div>
        <MembershipForm club={club} signedIn={signedIn} action={base} />
      </div>
      <TabNav label="Seções do clube" tabs={tabs} />
    </header>
  );
}
