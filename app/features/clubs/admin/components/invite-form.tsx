import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { fieldError, typed, type FormResult } from '~/lib/form-result';

/** Invite a reader by username; their invitation waits on their /clube page. */
export function InviteForm({ result }: { result: FormResult | undefined }) {
  const mine = typed(result, 'intent') === 'convidar';
  return (
    <section aria-labelledby="convidar-titulo" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <h2 id="convidar-titulo" className="font-serif text-xl font-semibold">
        Convidar leitor
      </h2>
      <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <input type="hidden" name="intent" value="convidar" />
        <div className="grow">
          <TextField
            label="Nome de usuário"
            name="username"
            required
            maxLength={40}
            autoComplete="off"
            defaultValue={mine ? typed(result, 'username') : ''}
            error={mine ? fieldError(result, 'username') : undefined}
          />
        </div>
        <Button type="submit" variant="secondary">
          Convidar
        </Button>
      </Form>
    </section>
  );
}
