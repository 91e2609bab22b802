/** A progress bar with its number in text (DESIGN.md): the bar is decoration, the words carry the value. */
export function ProgressBar({ fraction, label, className = '' }: { fraction: number; label: string; className?: string }) {
  const percent = Math.min(100, Math.max(0, fraction * 100));
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <div aria-hidden="true" className="h-2 w-full overflow-hidden rounded-full bg-line">
        <div className="h-full rounded-full bg-mar" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm tabular-nums">{label}</p>
    </div>
  );
}

/** Whole percent, rounded down so a book is never shown at 100 % before its end. */
export const wholePercent = (fraction: number) => `${Math.floor(Math.min(1, Math.max(0, fraction)) * 100)}%`;
