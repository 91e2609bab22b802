import { TabNav } from '~/components/ui/tab-nav';
import { can } from '../../policy';
import type { ClubDetail } from '../../types';

export type AdminSection = 'painel' | 'membros' | 'personalizar' | 'atividades' | 'beneficios' | 'planos';

/** The admin area's own tabs, under the club's: those who run the club see all; moderators only Membros. */
export function AdminNav({ club, current }: { club: ClubDetail; current: AdminSection }) {
  if (!can(club.standing, 'run_club')) return null;
  const base = `/clube/${club.slug}/admin`;
  return (
    <TabNav
      label="Administração do clube"
      tabs={[
        { to: base, label: 'Painel', active: current === 'painel' },
        { to: `${base}/membros`, label: 'Membros', active: current === 'membros' },
        { to: `${base}/personalizar`, label: 'Personalizar', active: current === 'personalizar' },
        { to: `${base}/atividades`, label: 'Atividades', active: current === 'atividades' },
        { to: `${base}/beneficios`, label: 'Benefícios', active: current === 'beneficios' },
        { to: `${base}/planos`, label: 'Planos', active: current === 'planos' },
      ]}
    />
  );
}
