import type { Route } from './+types/clube.$identificador.admin.personalizar';
import { AdminNav } from '~/features/clubs/admin/components/admin-nav';
import { Personalize } from '~/features/clubs/admin/components/personalize';
import { loadClubAdmin } from '~/features/clubs/admin/page.server';
import { runPersonalizeAction } from '~/features/clubs/admin/personalize-action.server';
import { ClubHeader } from '~/features/clubs/components/club-header';

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? `Personalizar · ${data.club.name} · Maratona` : 'Clube não encontrado · Maratona' }];

/** /clube/{identificador}/admin/personalizar: settings and looks, for the owner and admins (404 to everyone else). */
export async function loader(args: Route.LoaderArgs) {
  const { club } = await loadClubAdmin(args, 'run_club');
  const url = new URL(args.request.url);
  return { club, isNew: url.searchParams.get('novo') === '1', saved: url.searchParams.get('salvo') === '1' };
}

export async function action(args: Route.ActionArgs) {
  const { viewer, club } = await loadClubAdmin(args, 'run_club');
  return runPersonalizeAction(viewer, club, await args.request.formData());
}

export default function ClubPersonalizePage({ loaderData, actionData }: Route.ComponentProps) {
  const { club, isNew, saved } = loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <ClubHeader club={club} current="admin" signedIn />
      <AdminNav club={club} current="personalizar" />
      <Personalize
        club={club}
        result={actionData ?? (saved ? { success: 'Configurações salvas. O endereço antigo continua levando ao clube.' } : undefined)}
        isNew={isNew}
      />
    </div>
  );
}
