import type { EditionCard } from '../types';

/** A stable hue from the title, so a generated cover looks the same everywhere and on every visit. */
export function hueOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

const sizes = { sm: 'w-16', md: 'w-28', lg: 'w-40 md:w-52', fill: 'w-full' } as const;
const paddings = { sm: 'p-1', md: 'p-2', lg: 'p-3 md:p-4', fill: 'p-2' } as const;

/**
 * Covers are always 2:3. Without an image, a generated cover (title and author in Literata on a colour
 * derived from the title, dark enough for white text) takes its place: never a broken image.
 */
export function EditionCover({
  edition,
  size = 'md',
  className = '',
}: {
  edition: Pick<EditionCard, 'title' | 'authors' | 'coverUrl'>;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const frame = `${sizes[size]} aspect-[2/3] shrink-0 overflow-hidden rounded-md shadow-sm ${className}`;
  if (edition.coverUrl) {
    return <img src={edition.coverUrl} alt={`Capa de ${edition.title}`} loading="lazy" decoding="async" className={`${frame} object-cover`} />;
  }
  const author = edition.authors[0]?.name;
  return (
    <div
      role="img"
      aria-label={`Capa de ${edition.title}`}
      className={`${frame} ${paddings[size]} flex flex-col justify-between text-white`}
      style={{ backgroundColor: `hsl(${hueOf(edition.title)} 42% 28%)` }}
    >
      <span
        aria-hidden="true"
        className={`font-serif font-semibold leading-tight ${size === 'sm' ? 'line-clamp-4 text-[0.5rem]' : size !== 'lg' ? 'line-clamp-5 text-xs' : 'line-clamp-6 text-base'}`}
      >
        {edition.title}
      </span>
      {author ? (
        <span aria-hidden="true" className={`line-clamp-2 opacity-90 ${size === 'sm' ? 'text-[0.45rem]' : size !== 'lg' ? 'text-[0.65rem]' : 'text-sm'}`}>
          {author}
        </span>
      ) : null}
    </div>
  );
}
