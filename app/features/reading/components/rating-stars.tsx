import { useId } from 'react';
import { formatRating } from '~/lib/format';
import { MAX_RATING } from '../statuses';

/** One five-pointed star in a 24-unit cell. */
const STAR: [number, number][] = [[12, 2.1], [14.6, 9], [22, 9.4], [16.2, 14], [18.2, 21.1], [12, 17], [5.8, 21.1], [7.8, 14], [2, 9.4], [9.4, 9]];
const CELL = 24;
/** The row of five stars as one path, drawn twice: the outlines, then the same stars filled and clipped. */
const ROW = Array.from({ length: MAX_RATING }, (_, i) => `M${STAR.map(([x, y]) => `${x + i * CELL},${y}`).join('L')}Z`).join('');

/**
 * Five stars filled to the quarter (4,25 → four and a quarter), with the value for screen readers. One SVG
 * of five elements per rating, because a bookshelf page shows dozens of them (ten icons each cost 6 KB of
 * HTML per book, and every element is server time on each request).
 */
export function RatingStars({ rating, size = 20 }: { rating: number; size?: number }) {
  const clip = useId();
  return (
    <svg
      role="img"
      aria-label={`Nota ${formatRating(rating)} de 5`}
      width={size * MAX_RATING}
      height={size}
      viewBox={`0 0 ${CELL * MAX_RATING} ${CELL}`}
      className="shrink-0"
      strokeWidth={1.5}
      strokeLinejoin="round"
    >
      <clipPath id={clip}>
        <rect width={(rating / MAX_RATING) * CELL * MAX_RATING} height={CELL} />
      </clipPath>
      <path d={ROW} fill="none" stroke="currentColor" className="text-line" />
      <path d={ROW} fill="currentColor" stroke="currentColor" className="text-coral" clipPath={`url(#${clip})`} />
    </svg>
  );
}
