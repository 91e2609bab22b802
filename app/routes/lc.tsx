import type { Route } from './+types/lc';
import { Link } from '~/components/link';
import { ButtonLink } from '~/components/ui/button';
import { GroupReadList } from '~/features/lcs/components/group-read-list';
import { listMyGroupReads } from '~/features/lcs/queries.server';
import type { GroupReadCard } from '~/features/lcs/types';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Minhas LCs · Maratona' }];

/** My LCs: those I organise, those I read along in, the invitations waiting for me and my places on waiting lists. */
export async function loader(args: Route.LoaderArgs) {
  const viewer = await requireViewer(args);
  return { mine: await listMyGroupReads(viewer) };
}

function Section({
  id,
  title,
  groupReads,
  empty,
  aside,
}: {
  id: string;
  title: string;
  groupReads: GroupReadCard[];
  empty?: React.ReactNode;
  aside?: (lc: GroupReadCard) => React.ReactNode;
}) {
  if (groupReads.length === 0 && !empty) return null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="font-serif text-2xl font-semibold">
        {title}
      </h2>
      {groupReads.length ? <GroupReadList groupReads={groupReads} {...(aside ? { aside } : {})} /> : empty}
    </section>
  );
}

export default function MyGroupReadsPage({ loaderData }: Route.ComponentProps) {
  const { mine } = loaderData;
  const places = new Map(mine.waiting.map((lc) => [lc.id, lc.waitingPlace]));
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl font-bold">Minhas LCs</h1>
        <ButtonLink to="/criar/lc" variant="accent">
          Criar LC
        </ButtonLink>
      </div>
      <Section
        id="convites"
        title="Convites"
        groupReads={mine.invitations}
        aside={(lc) => (
          <Link to={`/lc/${lc.slug}`} className="text-sm font-medium">
            Responder ao convite
          </Link>
        )}
      />
      <Section
        id="participo"
        title="LCs em que participo"
        groupReads={mine.joined}
        empty={
          <p>
            Você ainda não participa de nenhuma LC. <Link to="/lcs">Encontre uma LC</Link> ou <Link to="/criar/lc">crie a sua</Link>.
          </p>
        }
      />
      <Section
        id="espera"
        title="Na lista de espera"
        groupReads={mine.waiting}
        aside={(lc) => <p className="text-sm font-medium">Você é o {places.get(lc.id)}º da fila</p>}
      />
      <Section id="organizo" title="LCs que organizo" groupReads={mine.hosting} />
    </div>
  );
}
