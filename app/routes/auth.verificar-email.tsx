import { data } from 'react-router';
import { Link } from '~/components/link';
import type { Route } from './+types/auth.verificar-email';
import { Foca } from '~/components/ui/foca';
import { verifyEmail } from '~/features/accounts/mutations.server';
import { isAppError } from '~/server/errors';

export const meta: Route.MetaFunction = () => [{ title: 'Confirmar e-mail · Maratona' }];

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token');
  if (!token) return data({ ok: false, message: 'Esse link está incompleto. Abra o link do e-mail que enviamos.' }, { status: 400 });
  try {
    const headers = await verifyEmail(request, token);
    return data({ ok: true, message: 'Seu e-mail está confirmado. Agora você pode publicar e sussurrar.' }, { headers });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ ok: false, message: error.message }, { status: 400 });
  }
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-8 text-center">
      <Foca mood={loaderData.ok ? 'celebrating' : 'sad'} size={120} />
      <h1 className="font-serif text-2xl font-bold">{loaderData.ok ? 'E-mail confirmado' : 'Não foi possível confirmar'}</h1>
      <p>{loaderData.message}</p>
      <Link to={loaderData.ok ? '/' : '/configuracoes/conta'} className="min-h-11 rounded-lg bg-mar px-5 py-2.5 font-semibold text-on-mar no-underline">
        {loaderData.ok ? 'Continuar' : 'Pedir um novo link'}
      </Link>
    </section>
  );
}
