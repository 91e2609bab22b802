import { TextField } from '~/components/ui/field';
import { type FormResult, fieldError, typed } from '~/lib/form-result';

/** Username and birth date, asked the same way by the email sign-up and by the step after a provider. */
export function SignUpIdentityFields({ result }: { result: FormResult | undefined }) {
  return (
    <>
      <TextField
        label="Nome de usuário"
        name="username"
        autoComplete="username"
        required
        minLength={3}
        maxLength={20}
        hint="De 3 a 20 caracteres: letras minúsculas, números e _. Ex.: ana_lendo"
        defaultValue={typed(result, 'username')}
        error={fieldError(result, 'username')}
      />
      <TextField
        label="Data de nascimento"
        name="birthDate"
        type="date"
        required
        hint="O Maratona é para quem tem 13 anos ou mais. Não mostramos sua data a ninguém."
        defaultValue={typed(result, 'birthDate')}
        error={fieldError(result, 'birthDate')}
      />
    </>
  );
}
