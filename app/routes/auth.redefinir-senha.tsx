import { Form, redirect, useActionData, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import type { Route } from './+types/auth.redefinir-senha';
import { Button } from '~/components/ui/button';
import { FormMessage, TextField } from '~/components/ui/field';
import { requestPasswordReset, resetPassword } from '~/features/accounts/mutations.server';
import { requestPasswordResetInput, resetPasswordInput } from '~/features/accounts/validation';
import { fieldError, isFailure, isSuccess, typed } from '~/lib/form-result';
import { failureFromError, parseForm } from '~/server/forms.server';

export const meta: Route.MetaFunction = () => [{ title: 'Redefinir senha · Maratona' }];

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  if (formData.has('token')) {
    const parsed = parseForm(formData, resetPasswordInput);
    if (!parsed.ok) return parsed.failure;
    try {
      await resetPassword(parsed.value);
    } catch (error) {
      return failureFromError(error, parsed.fields);
    }
    return redirect('/auth/signin?senha=redefinida');
  }
  const parsed = parseForm(formData, requestPasswordResetInput);
  if (!parsed.ok) return parsed.failure;
  try {
    await requestPasswordReset(request, parsed.value.email);
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
  return { success: `Se existir uma conta com ${parsed.value.email}, enviamos um link para criar uma nova senha. Confira sua caixa de entrada.` };
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const pending = useNavigation().state === 'submitting';
  return (
    <section className="mx-auto max-w-md">
      <h1 className="mb-4 font-serif text-3xl font-bold">{loaderData.token ? 'Criar nova senha' : 'Esqueci minha senha'}</h1>
      {isFailure(result) && result.formError ? <FormMessage>{result.formError}</FormMessage> : null}
      {isSuccess(result) ? <FormMessage tone="success">{result.success}</FormMessage> : null}
      {loaderData.token ? (
        <Form method="post" className="mt-4 flex flex-col gap-4" noValidate>
          <input type="hidden" name="token" value={loaderData.token} />
          <TextField
            label="Nova senha"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            hint="Pelo menos 8 caracteres."
            error={fieldError(result, 'password')}
          />
          <Button type="submit" pending={pending}>
            Salvar nova senha
          </Button>
        </Form>
      ) : (
        <Form method="post" className="mt-4 flex flex-col gap-4" noValidate>
          <p className="text-muted">Informe o e-mail da sua conta e enviaremos um link para criar uma nova senha.</p>
          <TextField
            label="E-mail"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={typed(result, 'email')}
            error={fieldError(result, 'email')}
          />
          <Button type="submit" pending={pending}>
            Enviar link
          </Button>
          <Link to="/auth/signin" className="text-sm">
            Voltar para entrar
          </Link>
        </Form>
      )}
    </section>
  );
}
