import { z } from 'zod';
import type { Route } from './+types/clube';
import { Link } from '~/components/link';
import { ButtonLink } from '~/components/ui/button';
import { FormMessage } from '~/components/ui/field';
import { ClubList } from '~/features/clubs/components/club-list';
import { InvitationForm } from '~/features/clubs/components/invitation-form';
import { runMembershipAction } from '~/features/clubs/membership-action.server';
import { ROLE_LABELS } from '~/features/clubs/policy';
import { listMyClubs } from '~/features/clubs/queries.server';
import { isFailure, isSuccess } from '~/lib/form-result';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Meus clubes · Maratona' }];

/** My clubs, the invitations waiting for me and the requests I sent. */
export async function loader(args: Route.LoaderArgs) {
  const viewer = await requireViewer(args);
  return { mine: await listMyClubs(viewer) };
}

const clubField = z.object({ clubId: z.string().min(1).max(40) });

/** Accept or decline an invitation, cancel a request (the club is checked again by the data function). */
export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewer(args);
  const form = await args.request.formData();
  const club = clubField.safeParse(Object.fromEntries(form));
  if (!club.success) return { formError: 'Escolha um clube.', fieldErrors: {}, fields: {} };
  return runMembershipAction(viewer, club.data.clubId, form);
}

export default function MyClubsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mine } = loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl font-bold">Meus clubes</h1>
        <ButtonLink to="/criar" variant="accent">
          Criar clube
        </ButtonLink>
      </div>
      <FormMessage tone="success">{isSuccess(actionData) ? actionData.success : null}</FormMessage>
      <FormMessage>{isFailure(actionData) ? (actionData.formError ?? Object.values(actionData.fieldErrors)[0]) : null}</FormMessage>
      {mine.invitations.length ? (
        <section aria-labelledby="convites" className="flex flex-col gap-3">
          <h2 id="convites" className="font-serif text-2xl font-semibold">
            Convites
          </h2>
          <ClubList clubs={mine.invitations} aside={(club) => <InvitationForm clubId={club.id} kind="invitation" />} />
        </section>
      ) : null}
      <section aria-labelledby="participo" className="flex flex-col gap-3">
        <h2 id="participo" className="font-serif text-2xl font-semibold">
          Clubes em que participo
        </h2>
        {mine.active.length ? (
          <ClubList
            clubs={mine.active}
            aside={(club) => <p className="text-sm font-medium">{ROLE_LABELS[mine.active.find((c) => c.id === club.id)!.role]}</p>}
          />
        ) : (
          <p>
            Você ainda não participa de nenhum clube. <Link to="/clubes">Encontre um clube</Link> ou <Link to="/criar">crie o seu</Link>.
          </p>
        )}
      </section>
      {mine.requests.length ? (
        <section aria-labelledby="pedidos" className="flex flex-col gap-3">
          <h2 id="pedidos" className="font-serif text-2xl font-semibold">
            Pedidos enviados
          </h2>
          <ClubList clubs={mine.requests} aside={(club) => <InvitationForm clubId={club.id} kind="request" />} />
        </section>
      ) : null}
    </div>
  );
}
