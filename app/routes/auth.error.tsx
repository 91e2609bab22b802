import { Link } from '~/components/link';
import type { Route } from './+types/auth.error';
import { Foca } from '~/components/ui/foca';
import { explainAuthError } from '~/features/accounts/auth-errors';

export const meta: Route.MetaFunction = () => [{ title: 'Não foi possível entrar · Maratona' }];

export function loader({ request }: Route.LoaderArgs) {
  const code = new URL(request.url).searchParams.get('error');
  return { code, message: explainAuthError(code) };
}

export default function AuthError({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-8 text-center">
      <Foca mood="sad" size={120} />
      <h1 className="font-serif text-2xl font-bold">Não foi possível entrar</h1>
      <p>{loaderData.message}</p>
      {loaderData.code ? <p className="text-sm text-muted">Código: {loaderData.code}</p> : null}
      <Link to="/auth/signin" className="min-h-11 rounded-lg bg-mar px-5 py-2.5 font-semibold text-on-mar no-underline">
        Voltar para entrar
      </Link>
    </section>
  );
}
