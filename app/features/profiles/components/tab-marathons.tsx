import { Link } from '~/components/link';
import { MarathonList } from '~/features/marathons/components/marathon-list';
import type { MarathonCard } from '~/features/marathons/types';
import type { TabData } from '../types';

/** /u/{username}/maratonas: the marathons the reader organises and those they take part in, as the viewer may see them. */
export function MarathonsTab({ data, mine }: { data: Extract<TabData, { tab: 'maratonas' }>; mine: boolean }) {
  const { organizing, joined } = data.marathons;
  if (organizing.length === 0 && joined.length === 0)
    return mine ? (
      <p>
        Você ainda não está em nenhuma maratona. <Link to="/maratonas">Encontre uma maratona</Link> ou <Link to="/criar/maratona">organize a sua</Link>.
      </p>
    ) : (
      <p className="text-muted">Nenhuma maratona para mostrar.</p>
    );
  return (
    <div className="flex flex-col gap-6">
      <Part id="maratonas-organiza" title="Organiza" marathons={organizing} />
      <Part id="maratonas-participa" title="Participa" marathons={joined} />
    </div>
  );
}

function Part({ id, title, marathons }: { id: string; title: string; marathons: readonly MarathonCard[] }) {
  if (marathons.length === 0) return null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="font-serif text-xl font-semibold">
        {title}
      </h2>
      <MarathonList marathons={marathons} />
    </section>
  );
}
