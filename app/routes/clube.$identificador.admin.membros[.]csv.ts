import type { Route } from './+types/clube.$identificador.admin.membros[.]csv';
import { clubMembersCsv } from '~/features/clubs/admin/members.server';
import { loadClubAdmin } from '~/features/clubs/admin/page.server';

/** The club's members as a spreadsheet, for its owner and admins (404 to everyone else); never cached. */
export async function loader(args: Route.LoaderArgs) {
  const { viewer, club } = await loadClubAdmin(args, 'run_club');
  const csv = await clubMembersCsv(viewer, club.id);
  return new Response(csv.body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${csv.filename.replace(/[^\w.-]+/g, '_')}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
