import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

type FieldProps = {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
};

const inputClass =
  'min-h-11 w-full rounded-lg border bg-surface px-3 py-2 text-ink placeholder:text-muted aria-[invalid=true]:border-danger border-line';

/** A labelled input with its hint and its error next to it; the error is announced and linked. */
export function TextField({ label, error, hint, id, ...props }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="font-medium">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? `${inputId}-hint` : '', error ? `${inputId}-error` : ''].join(' ').trim() || undefined}
        className={inputClass}
        {...props}
      />
      <FieldNotes id={inputId} hint={hint} error={error} />
    </div>
  );
}

export function TextArea({ label, error, hint, id, ...props }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="font-medium">
        {label}
      </label>
      <textarea
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? `${inputId}-hint` : '', error ? `${inputId}-error` : ''].join(' ').trim() || undefined}
        className={`${inputClass} min-h-28`}
        {...props}
      />
      <FieldNotes id={inputId} hint={hint} error={error} />
    </div>
  );
}

function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | undefined }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function FormMessage({ tone = 'error', children }: { tone?: 'error' | 'success'; children: ReactNode }) {
  if (!children) return null;
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border p-3 text-sm font-medium ${tone === 'error' ? 'border-danger text-danger' : 'border-ok text-ok'}`}>
      {children}
    </p>
  );
}
