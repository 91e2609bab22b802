import { Form, useNavigation } from 'react-router';
import { Button, type ButtonVariant } from '~/components/ui/button';
import type { SocialIntent } from '~/features/social/validation';

/** One follow or block button: a tiny form that works before JavaScript, posting to the page it is on. */
export function SocialForm({
  intent,
  username,
  label,
  variant = 'secondary',
  className = '',
}: {
  intent: SocialIntent;
  username: string;
  label: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent && navigation.formData.get('reader') === username;
  return (
    <Form method="post" className={className}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="reader" value={username} />
      <Button type="submit" variant={variant} pending={busy} pendingLabel="Enviando…">
        {label}
      </Button>
    </Form>
  );
}
