import { Form, data, redirect } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/configuracoes.conexoes';
import { Button } from '~/components/ui/button';
import { FormMessage } from '~/components/ui/field';
import { configuredProviders } from '~/features/accounts/auth.server';
import { startLinkingProvider, unlinkProvider } from '~/features/accounts/mutations.server';
import { getAccountSettings } from '~/features/accounts/queries.server';
import { isFailure, isSuccess } from '~/lib/form-result';
import { failureFromError, parseForm } from '~/server/forms.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Conexões · Maratona' }];

const providerNames: Record<string, string> = { google: 'Google', twitch: 'Twitch', discord: 'Discord' };
const connectionInput = z.object({
  intent: z.enum(['conectar', 'desconectar']),
  provider: z.enum(['google', 'twitch', 'discord'], { error: 'Provedor desconhecido.' }),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  const account = await getAccountSettings(viewer);
  if (!account) throw data(null, { status: 404 });
  const configured = configuredProviders();
  return {
    hasPassword: account.hasPassword,
    providers: (['google', 'twitch', 'discord'] as const).map((id) => ({
      id,
      name: providerNames[id] ?? id,
      available: !!configured[id],
      linked: account.providers.includes(id),
    })),
    methodCount: account.providers.length + (account.hasPassword ? 1 : 0),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const parsed = parseForm(await request.formData(), connectionInput);
  if (!parsed.ok) return parsed.failure;
  try {
    if (parsed.value.intent === 'conectar') {
      const { url, headers } = await startLinkingProvider(request, parsed.value.provider);
      return redirect(url, { headers });
    }
    await unlinkProvider(viewer, request, parsed.value.provider);
    return { success: `${providerNames[parsed.value.provider]} foi desconectado.` };
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}

export default function Connections({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <header>
        <h1 className="font-serif text-3xl font-bold">Conexões</h1>
        <p className="text-muted">Formas de entrar na sua conta. A última forma de entrar não pode ser removida.</p>
      </header>
      {isSuccess(actionData) ? <FormMessage tone="success">{actionData.success}</FormMessage> : null}
      {isFailure(actionData) && actionData.formError ? <FormMessage>{actionData.formError}</FormMessage> : null}
      <ul className="flex flex-col gap-3">
        <li className="flex min-h-16 items-center justify-between gap-3 rounded-xl border border-line bg-surface p-4">
          <span className="font-medium">E-mail e senha</span>
          <span className="text-sm text-muted">{loaderData.hasPassword ? 'Ativo' : 'Sem senha — use “Esqueci minha senha” para criar uma'}</span>
        </li>
        {loaderData.providers.map((p) => (
          <li key={p.id} className="flex min-h-16 flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-surface p-4">
            <span className="font-medium">{p.name}</span>
            {!p.available ? (
              <span className="text-sm text-muted">Não disponível neste servidor</span>
            ) : (
              <Form method="post">
                <input type="hidden" name="provider" value={p.id} />
                <input type="hidden" name="intent" value={p.linked ? 'desconectar' : 'conectar'} />
                <Button type="submit" variant={p.linked ? 'secondary' : 'primary'} disabled={p.linked && loaderData.methodCount <= 1}>
                  {p.linked ? 'Desconectar' : 'Conectar'}
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
