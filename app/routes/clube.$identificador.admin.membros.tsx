import { useLocation } from 'react-router';
import type { Route } from './+types/clube.$identificador.admin.membros';
import { FormMessage } from '~/components/ui/field';
import { AdminNav } from '~/features/clubs/admin/components/admin-nav';
import { InviteForm } from '~/features/clubs/admin/components/invite-form';
import { JoinRequests } from '~/features/clubs/admin/components/join-requests';
import { MemberList } from '~/features/clubs/admin/components/member-list';
import { TransferForm } from '~/features/clubs/admin/components/transfer-form';
import { listClubMembers, listJoinRequests, listPlanOptions } from '~/features/clubs/admin/members.server';
import { runMemberAdminAction } from '~/features/clubs/admin/members-action.server';
import { loadClubAdmin } from '~/features/clubs/admin/page.server';
import { memberListQuery } from '~/features/clubs/admin/validation';
import { ClubHeader } from '~/features/clubs/components/club-header';
import { assignableRoles, can, outranks } from '~/features/clubs/policy';
import { isFailure, isSuccess } from '~/lib/form-result';

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? `Membros · ${data.club.name} · Maratona` : 'Clube não encontrado · Maratona' }];

/** /clube/{identificador}/admin/membros: requests, invitations, the members and what staff may do to them. */
export async function loader(args: Route.LoaderArgs) {
  const { viewer, club } = await loadClubAdmin(args, 'manage_members');
  const query = memberListQuery.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  const [page, requests, plans] = await Promise.all([
    listClubMembers(viewer, club.id, query),
    listJoinRequests(viewer, club.id),
    can(club.standing, 'run_club') ? listPlanOptions(viewer, club.id) : null,
  ]);
  return { club, viewerId: viewer.id, query, page, requests, plans };
}

export async function action(args: Route.ActionArgs) {
  const { viewer, club } = await loadClubAdmin(args, 'manage_members');
  return runMemberAdminAction(viewer, club, await args.request.formData());
}

export default function ClubMembersAdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { club, viewerId, query, page, requests, plans } = loaderData;
  const location = useLocation();
  const roles = assignableRoles(club.standing);
  const runsClub = can(club.standing, 'run_club');
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <ClubHeader club={club} current="admin" signedIn />
      <AdminNav club={club} current="membros" />
      <FormMessage tone="success">{isSuccess(actionData) ? actionData.success : null}</FormMessage>
      <FormMessage>{isFailure(actionData) ? (actionData.formError ?? Object.values(actionData.fieldErrors)[0]) : null}</FormMessage>
      <JoinRequests requests={requests.requests} total={requests.total} />
      <InviteForm result={actionData} />
      <MemberList
        page={page}
        query={query}
        search={location.search}
        result={actionData}
        csvUrl={runsClub ? `/clube/${club.slug}/admin/membros.csv` : null}
        powersFor={(member) => {
          const above = member.userId !== viewerId && outranks(club.standing, member);
          return { roles: above ? roles : [], mayBan: above, plans: plans?.length ? plans : null };
        }}
      />
      {can(club.standing, 'transfer_ownership') ? <TransferForm clubName={club.name} result={actionData} /> : null}
    </div>
  );
}
