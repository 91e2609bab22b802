import type { ReactNode } from 'react';

type Option = { value: string; label: ReactNode };

/** A repeated checkbox (`name`) in a fieldset, a group with its own name for screen readers; `empty` when there is nothing to tick. */
export function CheckboxGroup({
  legend,
  name,
  options,
  checked,
  empty,
  error,
}: {
  legend: string;
  name: string;
  options: Option[];
  checked: ReadonlySet<string>;
  empty: string;
  error?: string | undefined;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="font-medium">{legend}</legend>
      {options.length ? (
        options.map((option) => (
          <label key={option.value} className="flex min-h-11 items-center gap-3">
            <input type="checkbox" name={name} value={option.value} defaultChecked={checked.has(option.value)} className="size-5 accent-coral" />
            <span>{option.label}</span>
          </label>
        ))
      ) : (
        <p className="text-sm text-muted">{empty}</p>
      )}
      {error ? (
        <p className="text-sm font-medium text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
