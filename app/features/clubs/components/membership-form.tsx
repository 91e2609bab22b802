import { Form, useNavigation } from 'react-router';
import { ButtonLink, Button } from '~/components/ui/button';
import type { ClubDetail } from '../types';

/**
 * The join button in the state the viewer is in: a visitor signs in first; a reader joins an open club, asks
 * to join a moderated one, accepts or declines an invitation, cancels a request; a member may leave (not the
 * owner, who hands the club over first); a banned reader reads why.
 */
export function MembershipForm({ club, signedIn, action }: { club: ClubDetail; signedIn: boolean; action: string }) {
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formAction === action;
  if (!signedIn) {
    return (
      <ButtonLink variant="accent" to={`/auth/signin?callbackUrl=${encodeURIComponent(`/clube/${club.slug}`)}`}>
        Entrar para participar
      </ButtonLink>
    );
  }
  const standing = club.standing;
  if (standing?.status === 'banned') {
    return (
      <p className="rounded-lg border border-danger p-3 text-sm text-danger">
        Você foi banido deste clube.{club.banReason ? ` Motivo: ${club.banReason}` : ''}
      </p>
    );
  }
  const button = (intent: string, label: string, variant: 'accent' | 'secondary' | 'quiet' = 'accent') => (
    <Button type="submit" name="intent" value={intent} variant={variant} pending={pending && navigation.formData?.get('intent') === intent}>
      {label}
    </Button>
  );
  return (
    <Form method="post" action={action} className="flex flex-wrap items-center gap-2">
      {standing?.status === 'invited' ? (
        <>
          <span className="text-sm">Você foi convidado para este clube.</span>
          {button('aceitar', 'Aceitar convite')}
          {button('recusar', 'Recusar', 'secondary')}
        </>
      ) : standing?.status === 'pending' ? (
        <>
          <span className="text-sm">Pedido enviado: a equipe do clube vai responder.</span>
          {button('sair', 'Cancelar pedido', 'secondary')}
        </>
      ) : standing?.status === 'active' ? (
        <>
          <span className="text-sm font-medium">Você é membro</span>
          {standing.role === 'owner' ? null : button('sair', 'Sair do clube', 'quiet')}
        </>
      ) : club.visibility === 'moderado' ? (
        button('entrar', 'Pedir para entrar')
      ) : (
        button('entrar', 'Entrar no clube')
      )}
    </Form>
  );
}
