import type { CSSProperties } from 'react';
import { formatRating } from '~/lib/format';
import { MAX_RATING } from '../statuses';

/**
 * Five stars filled to the quarter (4,25 → four and a quarter), with the value for screen readers. The stars are
 * drawn by CSS (`.rating-stars` in app.css), because a bookshelf page shows dozens of ratings and every element
 * of them is server time on each request.
 */
export function RatingStars({ rating, size = 20 }: { rating: number; size?: number }) {
  const style = { '--star': `${size}px`, '--filled': `${(rating / MAX_RATING) * 100}%` } as CSSProperties;
  return <span role="img" aria-label={`Nota ${formatRating(rating)} de 5`} className="rating-stars" style={style} />;
}
