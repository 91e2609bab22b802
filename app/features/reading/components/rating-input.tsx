import { useState, type PointerEvent } from 'react';
import { Button } from '~/components/ui/button';
import { formatRating } from '~/lib/format';
import { MAX_RATING, MIN_RATING } from '../statuses';
import { RatingStars } from './rating-stars';

/** Where the slider rests before the reader picks anything (it needs a value; nothing is sent until then). */
const RESTING = 2.5;

/**
 * The rating control (DESIGN.md): stars drawn to the quarter over a native range input, so every assistive
 * technology knows it; arrow keys move by 0.25, a tap or click on the stars picks the nearest half star.
 * With no rating yet the stars are empty and "Salvar nota" waits for a choice.
 */
export function RatingInput({ name, initial, id, busy }: { name: string; initial: number | null; id: string; busy: boolean }) {
  const [value, setValue] = useState<number | null>(initial);
  const pickHalf = (event: PointerEvent<HTMLInputElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const half = Math.ceil(((event.clientX - box.left) / box.width) * MAX_RATING * 2) / 2;
    setValue(Math.min(MAX_RATING, Math.max(0.5, half)));
  };
  return (
    <>
      <div className="flex items-center gap-3">
        <span className="relative inline-flex rounded outline-offset-4 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-coral">
          <RatingStars rating={value ?? 0} size={28} />
          <input
            id={id}
            name={name}
            type="range"
            min={MIN_RATING}
            max={MAX_RATING}
            step={0.25}
            value={value ?? RESTING}
            onChange={(event) => setValue(Number(event.target.value))}
            onPointerUp={pickHalf}
            aria-valuetext={value == null ? 'Sem nota' : `${formatRating(value)} de 5 estrelas`}
            className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
          />
        </span>
        <output htmlFor={id} className="min-w-10 font-semibold tabular-nums">
          {value == null ? 'Sem nota' : formatRating(value)}
        </output>
      </div>
      <Button type="submit" variant="secondary" disabled={busy || value == null || value === initial} className="self-start">
        Salvar nota
      </Button>
    </>
  );
}
