import type { Route } from './+types/clube.$identificador.admin';
import { ClubDashboardView } from '~/features/clubs/admin/components/club-dashboard';
import { AdminNav } from '~/features/clubs/admin/components/admin-nav';
import { getClubDashboard } from '~/features/clubs/admin/dashboard.server';
import { loadClubAdmin } from '~/features/clubs/admin/page.server';
import { ClubHeader } from '~/features/clubs/components/club-header';

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? `Painel · ${data.club.name} · Maratona` : 'Clube não encontrado · Maratona' }];

/** /clube/{identificador}/admin: the club's figures, for its owner and admins (404 to everyone else). */
export async function loader(args: Route.LoaderArgs) {
  const { viewer, club } = await loadClubAdmin(args, 'run_club');
  return { club, dashboard: await getClubDashboard(viewer, club.id) };
}

export default function ClubAdminPage({ loaderData }: Route.ComponentProps) {
  const { club, dashboard } = loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <ClubHeader club={club} current="admin" signedIn />
      <AdminNav club={club} current="painel" />
      <h2 className="sr-only">Painel</h2>
      <ClubDashboardView dashboard={dashboard} base={`/clube/${club.slug}/admin`} />
    </div>
  );
}
