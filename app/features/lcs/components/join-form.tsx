import { Form, useNavigation } from 'react-router';
import { Button, ButtonLink } from '~/components/ui/button';
import { BANNED_MESSAGE, can } from '../policy';
import type { GroupReadDetail } from '../types';

/**
 * The join button in the state the viewer is in: a visitor signs in first; a reader joins (or takes a place on
 * the waiting list of a full LC), accepts or declines an invitation; a participant leaves; someone waiting sees
 * their place and may give it up. A finished LC takes no one.
 */
export function JoinForm({ lc }: { lc: GroupReadDetail }) {
  const navigation = useNavigation();
  const action = `/lc/${lc.slug}`;
  const pending = navigation.state !== 'idle' && navigation.formAction === action;
  const { standing } = lc;
  if (!standing.signedIn) {
    if (lc.phase === 'encerrada') return null;
    return (
      <ButtonLink variant="accent" to={`/auth/signin?callbackUrl=${encodeURIComponent(action)}`}>
        Entrar para participar
      </ButtonLink>
    );
  }
  if (standing.status === 'banned') return <p className="rounded-lg border border-danger p-3 text-sm text-danger">{BANNED_MESSAGE}</p>;
  const button = (intent: 'entrar' | 'sair', label: string, variant: 'accent' | 'secondary' | 'quiet' = 'accent') => (
    <Button type="submit" name="intent" value={intent} variant={variant} pending={pending && navigation.formData?.get('intent') === intent}>
      {label}
    </Button>
  );
  const full = lc.participantCap !== null && lc.participantCount >= lc.participantCap;
  const open = lc.phase !== 'encerrada';
  let content: React.ReactNode = null;
  if (standing.status === 'active') {
    content = (
      <>
        <span className="text-sm font-medium">Você participa desta LC</span>
        {button('sair', 'Sair da LC', 'quiet')}
      </>
    );
  } else if (standing.status === 'waiting') {
    content = (
      <>
        <span className="text-sm font-medium">Sua posição na lista de espera: {standing.waitingPlace ?? 1}º</span>
        {button('sair', 'Sair da lista de espera', 'quiet')}
      </>
    );
  } else if (standing.status === 'invited') {
    content = (
      <>
        <span className="text-sm">Você tem um convite para esta LC.</span>
        {open ? button('entrar', full ? 'Aceitar e entrar na lista de espera' : 'Aceitar convite') : null}
        {button('sair', 'Recusar', 'secondary')}
      </>
    );
  } else if (open && can(lc, standing, 'join')) {
    content = button('entrar', full ? 'Entrar na lista de espera' : 'Participar');
  }
  if (!content) return null;
  return (
    <Form method="post" action={action} className="flex flex-wrap items-center gap-2">
      {content}
    </Form>
  );
}
