import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { fieldError, typed, type FormResult } from '~/lib/form-result';

/** The owner hands the club to an active member, after typing the club's name to confirm. */
export function TransferForm({ clubName, result }: { clubName: string; result: FormResult | undefined }) {
  const mine = typed(result, 'intent') === 'transferir';
  return (
    <section aria-labelledby="transferir-titulo" className="flex flex-col gap-3 rounded-xl border border-danger bg-surface p-4">
      <h2 id="transferir-titulo" className="font-serif text-xl font-semibold">
        Passar o clube para outra pessoa
      </h2>
      <p className="text-sm text-muted">O novo dono precisa ser membro ativo. Você continua no clube como admin, e não há como desfazer sozinho.</p>
      <Form method="post" className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="transferir" />
        <TextField
          label="Nome de usuário do novo dono"
          name="username"
          required
          maxLength={40}
          autoComplete="off"
          defaultValue={mine ? typed(result, 'username') : ''}
          error={mine ? fieldError(result, 'username') : undefined}
        />
        <TextField
          label={`Para confirmar, digite o nome do clube: ${clubName}`}
          name="confirmation"
          required
          autoComplete="off"
          error={mine ? fieldError(result, 'confirmation') : undefined}
        />
        <Button type="submit" variant="danger" className="self-start">
          Passar o clube
        </Button>
      </Form>
    </section>
  );
}
