import { Form, redirect, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import type { Route } from './+types/auth.completar-cadastro';
import { Button } from '~/components/ui/button';
import { FormMessage } from '~/components/ui/field';
import { SignUpIdentityFields } from '~/features/accounts/components/sign-up-fields';
import { completeSignUp, removeUnderageSignUp } from '~/features/accounts/mutations.server';
import { getSignUpStep } from '~/features/accounts/queries.server';
import { birthDateField, completeSignUpInput, isUnderMinimumAge } from '~/features/accounts/validation';
import { isFailure } from '~/lib/form-result';
import { sameSitePath } from '~/lib/same-site-path';
import { failureFromError, parseForm } from '~/server/forms.server';
import { clientIp } from '~/server/request.server';
import { getViewer, type ViewerArgs } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Complete seu cadastro · Maratona' }];

const providerNames: Record<string, string> = { google: 'Google', twitch: 'Twitch', discord: 'Discord' };

/**
 * The one page an account created through a provider can use until it has a username and a birth date:
 * the provider gives neither. Without a session it is sign-in; once done, it is the callbackUrl.
 */
async function stepFor({ request, context }: ViewerArgs) {
  const url = new URL(request.url);
  const callbackUrl = sameSitePath(url.searchParams.get('callbackUrl'), url.origin) ?? '/';
  const viewer = await getViewer({ request, context });
  if (!viewer) throw redirect(`/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  const step = await getSignUpStep(viewer);
  if (!step) throw redirect(callbackUrl);
  return { viewer, step, callbackUrl };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { step } = await stepFor({ request, context });
  return { email: step.email, name: step.name, provider: providerNames[step.providers[0] ?? ''] ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer, callbackUrl } = await stepFor({ request, context });
  const formData = await request.formData();
  // Under the minimum age nothing else matters: the account must not stay, whatever the username says.
  const birthDate = birthDateField.safeParse(formData.get('birthDate'));
  if (birthDate.success && isUnderMinimumAge(birthDate.data)) {
    const headers = await removeUnderageSignUp(viewer, request);
    return redirect('/auth/error?error=underage', { headers });
  }
  const parsed = parseForm(formData, completeSignUpInput);
  if (!parsed.ok) return parsed.failure;
  try {
    await completeSignUp(viewer, parsed.value, clientIp(request));
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
  return redirect(callbackUrl === '/' ? '/?bem-vindo=1' : callbackUrl);
}

export default function CompleteSignUp({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <section className="mx-auto max-w-md">
      <h1 className="mb-2 font-serif text-3xl font-bold">Falta pouco</h1>
      <p className="mb-6 text-muted">
        {loaderData.provider ? `Você entrou com ${loaderData.provider} como ${loaderData.email}. ` : `Você entrou como ${loaderData.email}. `}
        Para terminar seu cadastro, escolha como quer ser chamado no Maratona e informe sua data de nascimento.
      </p>
      {isFailure(actionData) && actionData.formError ? <FormMessage>{actionData.formError}</FormMessage> : null}
      <Form method="post" className="mt-4 flex flex-col gap-4" noValidate>
        <SignUpIdentityFields result={actionData} />
        <p className="text-sm text-muted">
          Ao continuar, você concorda com os <Link to="/termos">Termos de uso</Link> e a <Link to="/politica">Política de privacidade</Link>.
        </p>
        <Button type="submit" variant="accent" pending={navigation.state === 'submitting'} pendingLabel="Salvando…">
          Continuar
        </Button>
      </Form>
      <Form method="post" action="/auth/sair" className="mt-6 border-t border-line pt-4">
        <p className="text-sm text-muted">
          Não quer continuar agora?{' '}
          <button type="submit" className="min-h-11 font-medium text-mar underline">
            Sair
          </button>
        </p>
      </Form>
    </section>
  );
}
