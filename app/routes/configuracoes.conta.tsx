import { data, redirect } from 'react-router';
import type { Route } from './+types/configuracoes.conta';
import { AccountSettingsView } from '~/features/accounts/components/account-settings';
import {
  changeAvatar,
  changeEmail,
  changePassword,
  changeUsername,
  resendVerification,
  signOutEverywhere,
  updateProfile,
} from '~/features/accounts/mutations.server';
import { getAccountSettings } from '~/features/accounts/queries.server';
import { changeEmailInput, changePasswordInput, changeUsernameInput, passwordProblem, profileInput } from '~/features/accounts/validation';
import { failureFromError, formFailure, parseForm, typedFields } from '~/server/forms.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Sua conta · Maratona' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  const account = await getAccountSettings(viewer);
  if (!account) throw data(null, { status: 404 });
  return { account };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const formData = await request.formData();
  const intent = String(formData.get('intent') ?? '');
  try {
    switch (intent) {
      case 'perfil': {
        const parsed = parseForm(formData, profileInput);
        if (!parsed.ok) return parsed.failure;
        await updateProfile(viewer, parsed.value);
        return { success: 'Perfil salvo.', intent };
      }
      case 'usuario': {
        const parsed = parseForm(formData, changeUsernameInput);
        if (!parsed.ok) return parsed.failure;
        await changeUsername(viewer, parsed.value.username);
        return { success: `Seu nome de usuário agora é @${parsed.value.username}. O antigo continua levando ao seu perfil por 30 dias.`, intent };
      }
      case 'email': {
        const parsed = parseForm(formData, changeEmailInput);
        if (!parsed.ok) return parsed.failure;
        await changeEmail(viewer, request, parsed.value);
        return { success: `Enviamos um link para ${parsed.value.email}. Seu e-mail muda quando você abrir o link; até lá, continua o atual.`, intent };
      }
      case 'reenviar': {
        await resendVerification(viewer);
        return { success: 'Enviamos um novo link de confirmação. Confira sua caixa de entrada.', intent: 'email' };
      }
      case 'senha': {
        const parsed = parseForm(formData, changePasswordInput);
        if (!parsed.ok) return parsed.failure;
        const problem = passwordProblem(parsed.value.newPassword, viewer.username);
        if (problem) return formFailure(parsed.fields, '', { newPassword: problem });
        const headers = await changePassword(viewer, request, parsed.value);
        return data({ success: 'Senha trocada. Suas outras sessões foram encerradas.', intent }, { headers });
      }
      case 'avatar': {
        const file = formData.get('avatar');
        if (!(file instanceof File) || file.size === 0) return formFailure({ intent }, '', { avatar: 'Escolha uma imagem.' });
        await changeAvatar(viewer, file);
        return { success: 'Foto atualizada.', intent };
      }
      case 'sair-de-todos': {
        const headers = await signOutEverywhere(viewer, request);
        headers.append('Clear-Site-Data', '"cache"');
        return redirect('/auth/signin?saiu=todos', { headers });
      }
      default:
        return formFailure({}, 'Ação desconhecida.');
    }
  } catch (error) {
    return failureFromError(error, typedFields(formData));
  }
}

export default function AccountSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountSettingsView account={loaderData.account} result={actionData} />;
}
