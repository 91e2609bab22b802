import { useEffect, useRef } from 'react';
import { Link } from '~/components/link';

export type Tab = { to: string; label: string; active: boolean };

/**
 * Tabs are links (DESIGN.md): each has its own URL, the current one is marked for screen readers too. A phone scrolls
 * a long row sideways, brought to the current tab once the page is in hand; a wider screen wraps it, so no tab hides
 * off to the right.
 */
export function TabNav({ label, tabs }: { label: string; tabs: readonly Tab[] }) {
  const nav = useRef<HTMLElement>(null);
  const active = tabs.find((tab) => tab.active)?.to;
  useEffect(() => {
    const row = nav.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (row && current && row.scrollWidth > row.clientWidth) row.scrollLeft = current.offsetLeft - (row.clientWidth - current.offsetWidth) / 2;
  }, [active]);
  return (
    <nav ref={nav} aria-label={label} className="relative flex gap-1 overflow-x-auto border-b border-line sm:flex-wrap sm:overflow-visible">
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
