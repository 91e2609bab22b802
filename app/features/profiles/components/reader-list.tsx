import type { ReactNode } from 'react';
import type { ReaderCard } from '../types';
import { ReaderLink } from './reader-link';

/** Readers as a list of links to their profiles, with room for buttons (approve, unfollow…) on each. */
export function ReaderList({
  readers,
  actions,
  extra,
}: {
  readers: ReaderCard[];
  actions?: (reader: ReaderCard) => ReactNode;
  extra?: (reader: ReaderCard) => ReactNode;
}) {
  return (
    <ul className="flex flex-col divide-y divide-line">
      {readers.map((reader) => (
        <li key={reader.id} className="flex flex-wrap items-center gap-3 py-3">
          <ReaderLink reader={reader} avatarSize={44} className="min-h-11 min-w-0 flex-1">
            <span className="truncate font-semibold">{reader.name}</span>
            <span className="truncate text-sm text-muted">
              @{reader.username}
              {reader.pronouns ? ` · ${reader.pronouns}` : ''}
            </span>
          </ReaderLink>
          {extra ? <div className="w-full text-sm text-muted sm:order-last">{extra(reader)}</div> : null}
          {actions ? <div className="flex flex-wrap gap-2">{actions(reader)}</div> : null}
        </li>
      ))}
    </ul>
  );
}
