import { Link } from '~/components/link';
import { ClubList } from '~/features/clubs/components/club-list';
import type { TabData } from '../types';

/** The clubs a reader takes part in and shows on their profile. */
export function ClubsTab({ data, mine }: { data: Extract<TabData, { tab: 'clubes' }>; mine: boolean }) {
  if (data.clubs.length) return <ClubList clubs={data.clubs} />;
  return mine ? (
    <p>
      Você ainda não participa de clubes. <Link to="/clubes">Encontre um clube</Link> ou <Link to="/criar">crie o seu</Link>.
    </p>
  ) : (
    <p className="text-muted">Nenhum clube para mostrar.</p>
  );
}
