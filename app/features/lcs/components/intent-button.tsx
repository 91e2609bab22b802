import { Form } from 'react-router';
import { Button, type ButtonVariant } from '~/components/ui/button';

/** A form of one button: posts `intent` with `fields` to the page's action (pin, delete, reveal, mark an etapa). */
export function IntentButton({
  intent,
  fields,
  label,
  children,
  variant = 'quiet',
  busy = false,
}: {
  intent: string;
  fields: Record<string, string>;
  /** The accessible name, when the button's words need their object ("Apagar comentário de Ana"). */
  label?: string;
  children: string;
  variant?: ButtonVariant;
  busy?: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant={variant} disabled={busy} className={variant === 'quiet' ? 'px-0' : ''} aria-label={label}>
        {children}
      </Button>
    </Form>
  );
}
