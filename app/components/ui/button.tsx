import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from '~/components/link';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger' | 'accent';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-mar text-on-mar hover:opacity-90',
  accent: 'bg-coral text-on-coral hover:opacity-90',
  secondary: 'border border-line bg-surface text-ink hover:bg-paper',
  quiet: 'text-mar hover:underline',
  danger: 'bg-danger text-paper hover:opacity-90',
};

export function buttonClass(variant: ButtonVariant = 'primary', extra = '') {
  return `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 font-semibold no-underline transition disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${extra}`;
}

export function Button({
  variant = 'primary',
  pending = false,
  pendingLabel,
  className = '',
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; pending?: boolean; pendingLabel?: string }) {
  return (
    <button {...props} disabled={props.disabled || pending} aria-busy={pending || undefined} className={buttonClass(variant, className)}>
      {pending ? (pendingLabel ?? 'Enviando…') : children}
    </button>
  );
}

export function ButtonLink({ variant = 'primary', className = '', ...props }: LinkProps & { variant?: ButtonVariant }) {
  return <Link {...props} className={buttonClass(variant, className)} />;
}
