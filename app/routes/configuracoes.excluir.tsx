import { Form, data, redirect, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import type { Route } from './+types/configuracoes.excluir';
import { Button } from '~/components/ui/button';
import { FormMessage, TextField } from '~/components/ui/field';
import { deleteAccount } from '~/features/accounts/deletion.server';
import { getAccountSettings } from '~/features/accounts/queries.server';
import { REMOVED_READER } from '~/features/accounts/removed-reader';
import { deleteAccountInput } from '~/features/accounts/validation';
import { countShelfEntries } from '~/features/export/goodreads-csv.server';
import { fieldError, isFailure, typed } from '~/lib/form-result';
import { formatNumber } from '~/lib/format';
import { failureFromError, parseForm } from '~/server/forms.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Excluir sua conta · Configurações · Maratona' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  const account = await getAccountSettings(viewer);
  if (!account) throw data(null, { status: 404 });
  return { username: account.username, hasPassword: account.hasPassword, entries: await countShelfEntries(viewer) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const formData = await request.formData();
  const parsed = parseForm(formData, deleteAccountInput);
  if (!parsed.ok) return parsed.failure;
  try {
    const headers = await deleteAccount(viewer, request, parsed.value);
    headers.append('Clear-Site-Data', '"cache"');
    return redirect('/?conta=excluida', { headers });
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { username, hasPassword, entries } = loaderData;
  const navigation = useNavigation();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <header>
        <h1 className="font-serif text-3xl font-bold">Excluir sua conta</h1>
        <p className="text-muted">A exclusão vale na hora e não pode ser desfeita.</p>
      </header>
      <section aria-labelledby="o-que-acontece" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-5">
        <h2 id="o-que-acontece" className="font-serif text-xl font-bold">
          O que acontece
        </h2>
        <ul className="flex list-disc flex-col gap-2 pl-5">
          <li>
            Apagamos seu perfil, sua estante{entries > 0 ? ` (${entries === 1 ? '1 livro' : `${formatNumber(entries)} livros`})` : ''}, leituras, progresso,
            resenhas, anotações, estantes personalizadas, metas, atts com as fotos, reações, quem você segue e quem segue você.
          </li>
          <li>Você sai de todos os aparelhos, e @{username} deixa de existir: o endereço do seu perfil passa a não levar a lugar nenhum.</li>
          <li>
            Comentários que você fez em atts de outras pessoas e suas contribuições ao catálogo continuam no site, assinados como “{REMOVED_READER}”, sem nada
            que leve a você.
          </li>
          <li>Enviamos uma confirmação para o seu e-mail.</li>
        </ul>
        <p>
          Quer guardar seus livros antes? <Link to="/configuracoes/exportar">Exporte seus dados</Link>.
        </p>
      </section>
      <section aria-labelledby="confirmar" className="flex flex-col gap-4 rounded-xl border border-danger bg-surface p-5">
        <h2 id="confirmar" className="font-serif text-xl font-bold">
          Confirmar a exclusão
        </h2>
        {isFailure(actionData) && actionData.formError ? <FormMessage>{actionData.formError}</FormMessage> : null}
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <TextField
            label="Seu nome de usuário"
            name="username"
            required
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            hint={`Digite ${username} para confirmar.`}
            defaultValue={typed(actionData, 'username')}
            error={fieldError(actionData, 'username')}
          />
          {hasPassword ? (
            <TextField label="Sua senha" name="password" type="password" required autoComplete="current-password" error={fieldError(actionData, 'password')} />
          ) : null}
          <Button type="submit" variant="danger" className="self-start" pending={navigation.state === 'submitting'} pendingLabel="Excluindo…">
            Excluir minha conta para sempre
          </Button>
        </Form>
      </section>
    </div>
  );
}
