import { ReaderAvatarLink, ReaderLink } from '~/features/profiles/components/reader-link';
import type { ReaderSuggestion } from '../types';

/** "Leitores para seguir" on /home; following happens on the reader's profile. */
export function ReaderSuggestions({ readers }: { readers: ReaderSuggestion[] }) {
  if (readers.length === 0) return null;
  return (
    <section aria-labelledby="leitores-para-seguir" className="flex flex-col gap-3">
      <h2 id="leitores-para-seguir" className="font-serif text-xl font-semibold">
        Leitores para seguir
      </h2>
      <ul className="flex flex-col gap-2">
        {readers.map((reader) => (
          <li key={reader.id} className="flex items-center gap-3">
            <ReaderAvatarLink reader={reader} size={40} />
            <div className="min-w-0">
              <ReaderLink reader={reader} className="font-medium" />
              <p className="text-sm text-muted">{reader.reason}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
