import { Form, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import { Link } from '~/components/link';
import type { Route } from './+types/auth.signin';
import { Button } from '~/components/ui/button';
import { Foca } from '~/components/ui/foca';
import { FormMessage, TextField } from '~/components/ui/field';
import { TabNav } from '~/components/ui/tab-nav';
import { SignUpIdentityFields } from '~/features/accounts/components/sign-up-fields';
import { configuredProviders } from '~/features/accounts/auth.server';
import { signIn, signUp } from '~/features/accounts/mutations.server';
import { signInInput, signUpInput } from '~/features/accounts/validation';
import { fieldError, isFailure, isSuccess, typed } from '~/lib/form-result';
import { sameSitePath } from '~/lib/same-site-path';
import { getEnv } from '~/server/env.server';
import { failureFromError, parseForm } from '~/server/forms.server';
import { getViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Entrar · Maratona' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const callbackUrl = sameSitePath(url.searchParams.get('callbackUrl'), url.origin) ?? '/';
  if (await getViewer({ request, context })) throw redirect(callbackUrl);
  const providers = configuredProviders();
  return {
    callbackUrl,
    providers: (Object.keys(providers) as (keyof typeof providers)[]).filter((p) => providers[p]),
    emailsLoggedOnly: !getEnv().SMTP_URL,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url);
  const formData = await request.formData();
  const callbackUrl = sameSitePath(String(formData.get('callbackUrl') ?? ''), url.origin) ?? '/';

  // The limits, the minimum age and the username rules are the auth library's before hook's (guards.server.ts):
  // this form and every other way into the library answer them alike.
  if (formData.get('intent') === 'criar') {
    const parsed = parseForm(formData, signUpInput);
    if (!parsed.ok) return parsed.failure;
    try {
      await signUp(request, parsed.value);
    } catch (error) {
      return failureFromError(error, parsed.fields);
    }
    // The same answer whether the address had an account or not (decision 0034).
    return { success: `Enviamos um link de confirmação para ${parsed.value.email}. Abra-o para entrar no Maratona.`, email: parsed.value.email };
  }

  const parsed = parseForm(formData, signInInput);
  if (!parsed.ok) return parsed.failure;
  try {
    const headers = await signIn(request, parsed.value);
    return redirect(callbackUrl, { headers });
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}

const providerNames = { google: 'Google', twitch: 'Twitch', discord: 'Discord' } as const;
const notices: Record<string, string> = {
  senha: 'Senha redefinida. Entre com a nova senha.',
  todos: 'Você saiu de todos os dispositivos.',
};

export default function SignIn({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const creating = (navigation.formData?.get('intent') ?? (isFailure(result) ? result.fields.intent : params.get('modo'))) === 'criar';
  const pending = navigation.state === 'submitting';
  if (isSuccess(result)) {
    return (
      <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-8 text-center">
        <Foca mood="reading" size={120} />
        <h1 className="font-serif text-3xl font-bold">Confira seu e-mail</h1>
        <p role="status">{result.success}</p>
        <p className="text-sm text-muted">
          O link vale por 24 horas. Não chegou? Procure na caixa de spam ou tente entrar com seu e-mail e senha: enviamos o link de novo.
        </p>
        {loaderData.emailsLoggedOnly ? (
          <p className="rounded-lg border border-line bg-surface p-3 text-sm">
            Este servidor não tem SMTP configurado e não envia e-mails: o link fica no registro do servidor e em Gerenciar › E-mails enviados, para quem
            administra o site.
          </p>
        ) : null}
        <Link to="/auth/signin">Voltar para entrar</Link>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-md">
      <h1 className="mb-2 font-serif text-3xl font-bold">{creating ? 'Criar conta' : 'Entrar'}</h1>
      <div className="mb-6">
        <TabNav
          label="Entrar ou criar conta"
          tabs={[
            { to: `/auth/signin?callbackUrl=${encodeURIComponent(loaderData.callbackUrl)}`, label: 'Entrar', active: !creating },
            { to: `/auth/signin?modo=criar&callbackUrl=${encodeURIComponent(loaderData.callbackUrl)}`, label: 'Criar conta', active: creating },
          ]}
        />
      </div>
      {isFailure(result) && result.formError ? <FormMessage>{result.formError}</FormMessage> : null}
      {!result && notices[params.get('senha') === 'redefinida' ? 'senha' : (params.get('saiu') ?? '')] ? (
        <FormMessage tone="success">{notices[params.get('senha') === 'redefinida' ? 'senha' : (params.get('saiu') ?? '')]}</FormMessage>
      ) : null}
      {creating ? (
        <Form method="post" className="mt-4 flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="criar" />
          <input type="hidden" name="callbackUrl" value={loaderData.callbackUrl} />
          <TextField
            label="E-mail"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={typed(result, 'email')}
            error={fieldError(result, 'email')}
          />
          <SignUpIdentityFields result={result} />
          <TextField
            label="Senha"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            hint="Pelo menos 8 caracteres, diferente do nome de usuário."
            error={fieldError(result, 'password')}
          />
          <p className="text-sm text-muted">
            Ao criar a conta, você concorda com os <Link to="/termos">Termos de uso</Link> e a <Link to="/politica">Política de privacidade</Link>.
          </p>
          <Button type="submit" variant="accent" pending={pending} pendingLabel="Criando conta…">
            Criar conta
          </Button>
        </Form>
      ) : (
        <Form method="post" className="mt-4 flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="entrar" />
          <input type="hidden" name="callbackUrl" value={loaderData.callbackUrl} />
          <TextField
            label="E-mail ou nome de usuário"
            name="identifier"
            autoComplete="username"
            required
            defaultValue={typed(result, 'identifier')}
            error={fieldError(result, 'identifier')}
          />
          <TextField label="Senha" name="password" type="password" autoComplete="current-password" required error={fieldError(result, 'password')} />
          <Button type="submit" pending={pending} pendingLabel="Entrando…">
            Entrar
          </Button>
          <Link to="/auth/redefinir-senha" className="text-sm">
            Esqueci minha senha
          </Link>
        </Form>
      )}
      {loaderData.providers.length ? (
        <div className="mt-8 flex flex-col gap-2 border-t border-line pt-6">
          <p className="text-sm text-muted">Ou continue com</p>
          {loaderData.providers.map((provider) => (
            <Form key={provider} method="post" action={`/auth/entrar-com/${provider}`}>
              <input type="hidden" name="callbackUrl" value={loaderData.callbackUrl} />
              <Button type="submit" variant="secondary" className="w-full">
                {providerNames[provider]}
              </Button>
            </Form>
          ))}
        </div>
      ) : null}
    </section>
  );
}
