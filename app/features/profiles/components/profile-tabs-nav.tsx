import { Link } from 'react-router';
import { PROFILE_TABS, type ProfileTab } from '../tabs';

/** The profile's tabs are links (DESIGN.md): each has its URL; the profile itself is "Perfil". */
export function ProfileTabsNav({ username, current }: { username: string; current: ProfileTab | null }) {
  const tabs = [{ to: `/u/${username}`, label: 'Perfil', active: current === null }, ...PROFILE_TABS.map((tab) => ({ to: `/u/${username}/${tab.slug}`, label: tab.label, active: current === tab.slug }))];
  return (
    <nav aria-label="Seções do perfil" className="flex gap-1 overflow-x-auto border-b border-line">
      {tabs.map((tab) => (
        <Link
          key={tab.to}
          to={tab.to}
          aria-current={tab.active ? 'page' : undefined}
          className={`-mb-px min-h-11 whitespace-nowrap border-b-2 px-3 py-2.5 font-medium no-underline ${tab.active ? 'border-coral text-ink' : 'border-transparent text-muted hover:text-ink'}`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
