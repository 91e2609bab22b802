import type { ReactNode } from 'react';
import { Link } from '~/components/link';
import { Avatar } from '~/components/ui/avatar';
import { REMOVED_READER } from '~/features/accounts/removed-reader';

/**
 * A reader wherever their name or avatar appears. `null` is a deleted account ("leitor removido"); a suspended
 * reader's profile answers 404, so neither leads anywhere and both are plain text.
 */
export type ReaderLinkTarget = { username: string; name: string; image?: string | null; suspended?: boolean } | null;

/** The profile a reader's name leads to, or null when there is none to open. */
export function profileHref(reader: ReaderLinkTarget): string | null {
  return reader && !reader.suspended ? `/u/${reader.username}` : null;
}

/**
 * The reader's name (or `children`, such as "@usuario") as a link to their profile, with their avatar inside the
 * same link when `avatarSize` is given: one link, whose text is the name, the avatar's image being decorative.
 */
export function ReaderLink({
  reader,
  avatarSize,
  className = '',
  children,
}: {
  reader: ReaderLinkTarget;
  avatarSize?: number;
  className?: string;
  children?: ReactNode;
}) {
  const name = reader?.name ?? REMOVED_READER;
  const label = children ?? (reader ? name : <span className="italic">{name}</span>);
  const content = avatarSize ? (
    <>
      <Avatar name={name} image={reader?.image ?? null} size={avatarSize} />
      <span className="flex min-w-0 flex-col">{label}</span>
    </>
  ) : (
    label
  );
  const href = profileHref(reader);
  const layout = avatarSize ? `inline-flex items-center gap-3 ${className}` : className;
  if (!href) return <span className={layout}>{content}</span>;
  // Beside its avatar the name stands on its own, in ink, underlined on hover; alone it looks like any link.
  return (
    <Link to={href} className={avatarSize ? `${layout} text-ink no-underline hover:underline` : layout}>
      {content}
    </Link>
  );
}

/**
 * The avatar beside a name that `ReaderLink` already links: the same profile for a pointer, skipped by the
 * keyboard and screen readers so the name is announced once.
 */
export function ReaderAvatarLink({ reader, size }: { reader: ReaderLinkTarget; size: number }) {
  const avatar = <Avatar name={reader?.name ?? REMOVED_READER} image={reader?.image ?? null} size={size} />;
  const href = profileHref(reader);
  if (!href) return avatar;
  return (
    <Link to={href} tabIndex={-1} aria-hidden="true" className="shrink-0 rounded-full">
      {avatar}
    </Link>
  );
}
