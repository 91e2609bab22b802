import { Link } from '~/components/link';

export type Tab = { to: string; label: string; active: boolean };

/** Tabs are links (DESIGN.md): each has its own URL, the current one is marked for screen readers too. */
export function TabNav({ label, tabs }: { label: string; tabs: readonly Tab[] }) {
  return (
    <nav aria-label={label} className="flex gap-1 overflow-x-auto border-b border-line">
      {tabs.map((tab) => (
        <Link
          key={tab.to}
          to={tab.to}
          aria-current={tab.active ? 'page' : undefined}
          className={`-mb-px inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-3 font-medium no-underline ${tab.active ? 'border-coral text-ink' : 'border-transparent text-muted hover:text-ink'}`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
