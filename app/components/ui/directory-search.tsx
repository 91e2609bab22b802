import type { ReactNode } from 'react';

/**
 * A directory's search (/clubes, /lcs, /maratonas): a plain GET form, so it works before JavaScript and its
 * results have an address; `kept` carries what the form does not show (the tab the reader is on).
 */
export function DirectorySearch({ label, q, kept = {}, children }: { label: string; q: string; kept?: Record<string, string>; children?: ReactNode }) {
  return (
    <form method="get" className="flex flex-col gap-3 sm:flex-row sm:items-end" role="search">
      {Object.entries(kept).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="flex flex-1 flex-col gap-1">
        <span className="font-medium">{label}</span>
        <input type="search" name="q" defaultValue={q} className="min-h-11 rounded-lg border border-line bg-surface px-3" />
      </label>
      {children}
      <button type="submit" className="min-h-11 rounded-lg bg-mar px-4 font-semibold text-on-mar">
        Buscar
      </button>
    </form>
  );
}

/** One of a directory search's filters: a labelled select of `options` ([value, label]). */
export function DirectoryFilter({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value: string;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <label className="flex flex-col gap-1">
      <span className="font-medium">{label}</span>
      <select name={name} defaultValue={value} className="min-h-11 rounded-lg border border-line bg-surface px-3">
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}
