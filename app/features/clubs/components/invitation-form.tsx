import { Form } from 'react-router';
import { Button } from '~/components/ui/button';

/** On /clube: accept or decline an invitation, or cancel a request waiting for the club's staff. */
export function InvitationForm({ clubId, kind }: { clubId: string; kind: 'invitation' | 'request' }) {
  return (
    <Form method="post" className="flex flex-wrap gap-2">
      <input type="hidden" name="clubId" value={clubId} />
      {kind === 'invitation' ? (
        <>
          <Button type="submit" name="intent" value="aceitar" variant="accent">
            Aceitar convite
          </Button>
          <Button type="submit" name="intent" value="recusar" variant="secondary">
            Recusar
          </Button>
        </>
      ) : (
        <>
          <span className="self-center text-sm text-muted">Esperando a equipe do clube.</span>
          <Button type="submit" name="intent" value="sair" variant="secondary">
            Cancelar pedido
          </Button>
        </>
      )}
    </Form>
  );
}
