import { useId } from 'react';
import { formatRating } from '~/lib/format';
import { MAX_RATING } from '../statuses';

/** One five-pointed star in a 24-unit cell. */
const STAR = '12,2.1 14.6,9 22,9.4 16.2,14 18.2,21.1 12,17 5.8,21.1 7.8,14 2,9.4 9.4,9';
const CELL = 24;

/**
 * Five stars filled to the quarter (4,25 → four and a quarter), with the value for screen readers. One SVG
 * per rating — outlines, then the same stars filled and clipped to the rating — because a bookshelf page
 * shows dozens of them (ten icons each cost 6 KB of HTML per book).
 */
export function RatingStars({ rating, size = 20 }: { rating: number; size?: number }) {
  const clip = useId();
  const stars = Array.from({ length: MAX_RATING }, (_, i) => <polygon key={i} points={STAR} transform={`translate(${i * CELL})`} />);
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
      <g fill="none" stroke="currentColor" className="text-line">
        {stars}
      </g>
      <g fill="currentColor" stroke="currentColor" className="text-coral" clipPath={`url(#${clip})`}>
        {stars}
      </g>
    </svg>
  );
}
