import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from '~/components/link';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger' | 'accent';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-mar text-on-mar hover:bg-mar-hover',
  accent: 'bg-coral text-on-coral hover:bg-coral-hover',
  secondary: 'border border-line bg-surface text-ink hover:bg-paper',
  quiet: 'text-mar hover:underline',
  danger: 'bg-danger text-paper hover:bg-danger-hover',
};

export function buttonClass(variant: ButtonVariant = 'primary', extra = '') {
  return `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 font-semibold no-underline transition disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${extra}`;
}

export function Button(props: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; pending?: boolean; pendingLabel?: string }) {
  const { variant = 'primary', pending = false, pendingLabel, className = '', children, ...rest } = props;
  // Set on the copy before it is spread, as in Link: `{ ...rest, more }` is V8's slow path, and React's too.
  const button: ButtonHTMLAttributes<HTMLButtonElement> = rest;
  button.disabled = button.disabled || pending;
  button['aria-busy'] = pending || undefined;
  button.className = buttonClass(variant, className);
  button.children = pending ? (pendingLabel ?? 'Enviando…') : children;
  return <button {...button} />;
}

export function ButtonLink({ variant = 'primary', className = '', ...props }: LinkProps & { variant?: ButtonVariant }) {
  return <Link {...props} className={buttonClass(variant, className)} />;
}
