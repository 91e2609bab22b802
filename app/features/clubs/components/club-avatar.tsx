import type { ClubCard } from '../types';

/** The club's picture, or its initial on its own colour (never a broken image). */
export function ClubAvatar({ club, size }: { club: Pick<ClubCard, 'name' | 'avatarUrl' | 'primaryColor'>; size: number }) {
  if (club.avatarUrl)
    return <img src={club.avatarUrl} alt="" width={size} height={size} className="shrink-0 rounded-xl object-cover" style={{ width: size, height: size }} />;
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-xl font-serif font-bold text-white"
      style={{ width: size, height: size, background: club.primaryColor, fontSize: size * 0.45 }}
    >
      {(club.name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
