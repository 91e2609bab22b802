import { Star } from 'lucide-react';
import { formatRating } from '~/lib/format';
import { MAX_RATING } from '../statuses';

/** Five stars filled to the quarter (4,25 → four and a quarter), with the value for screen readers. */
export function RatingStars({ rating, size = 20 }: { rating: number; size?: number }) {
  const stars = Array.from({ length: MAX_RATING }, (_, i) => i);
  return (
    <span role="img" aria-label={`Nota ${formatRating(rating)} de 5`} className="relative inline-flex shrink-0">
      <span className="flex text-line" aria-hidden="true">
        {stars.map((i) => (
          <Star key={i} size={size} strokeWidth={1.5} />
        ))}
      </span>
      <span className="absolute inset-y-0 left-0 flex overflow-hidden text-coral" style={{ width: `${(rating / MAX_RATING) * 100}%` }} aria-hidden="true">
        {stars.map((i) => (
          <Star key={i} size={size} strokeWidth={1.5} fill="currentColor" className="shrink-0" />
        ))}
      </span>
    </span>
  );
}
