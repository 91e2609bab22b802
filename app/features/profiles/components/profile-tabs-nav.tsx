import { TabNav } from '~/components/ui/tab-nav';
import { PROFILE_TABS, type ProfileTab } from '../tabs';

/** The profile's tabs are links (DESIGN.md): each has its URL; the profile itself is "Perfil". */
export function ProfileTabsNav({ username, current }: { username: string; current: ProfileTab | null }) {
  const tabs = [
    { to: `/u/${username}`, label: 'Perfil', active: current === null },
    ...PROFILE_TABS.map((tab) => ({ to: `/u/${username}/${tab.slug}`, label: tab.label, active: current === tab.slug })),
  ];
  return <TabNav label="Seções do perfil" tabs={tabs} />;
}
