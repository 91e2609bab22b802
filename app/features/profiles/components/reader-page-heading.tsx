import type { ReactNode } from 'react';
import { Avatar } from '~/components/ui/avatar';

/** The heading of a page about one reader (a profile tab, their foca page): avatar, the page's title, a line under it. */
export function ReaderPageHeading({ reader, title, children }: { reader: { name: string; image: string | null }; title: string; children: ReactNode }) {
  return (
    <header className="flex items-center gap-3">
      <Avatar name={reader.name} image={reader.image} size={48} />
      <div className="flex min-w-0 flex-col">
        <h1 className="font-serif text-2xl font-bold break-words">{title}</h1>
        <p className="text-muted">{children}</p>
      </div>
    </header>
  );
}
