import { useState, type PointerEvent } from 'react';
import { formatRating } from '~/lib/format';
import { MAX_RATING, MIN_RATING } from '../statuses';
import { RatingStars } from './rating-stars';

/**
 * The rating control (DESIGN.md): stars drawn to the quarter over a native range input, so it works
 * without JavaScript and with every assistive technology; arrow keys move by 0.25, a tap or click on the
 * stars picks the nearest half star.
 */
export function RatingInput({ name, initial, id }: { name: string; initial: number | null; id: string }) {
  const [value, setValue] = useState(initial ?? 3);
  const pickHalf = (event: PointerEvent<HTMLInputElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const half = Math.ceil(((event.clientX - box.left) / box.width) * MAX_RATING * 2) / 2;
    setValue(Math.min(MAX_RATING, Math.max(0.5, half)));
  };
  return (
    <div className="flex items-center gap-3">
      <span className="relative inline-flex rounded outline-offset-4 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-coral">
        <RatingStars rating={value} size={28} />
        <input
          id={id}
          name={name}
          type="range"
          min={MIN_RATING}
          max={MAX_RATING}
          step={0.25}
          value={value}
          onChange={(event) => setValue(Number(event.target.value))}
          onPointerUp={pickHalf}
          aria-valuetext={`${formatRating(value)} de 5 estrelas`}
          className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
        />
      </span>
      <output htmlFor={id} className="min-w-10 font-semibold tabular-nums">
        {formatRating(value)}
      </output>
    </div>
  );
}
