import { Link } from '~/components/link';
import { GroupReadList } from '~/features/lcs/components/group-read-list';
import type { GroupReadCard } from '~/features/lcs/types';
import type { TabData } from '../types';

/** The LCs a reader hosts and reads along in (those the viewer may see). */
export function GroupReadsTab({ data, mine }: { data: Extract<TabData, { tab: 'lcs' }>; mine: boolean }) {
  const { hosting, joined } = data.groupReads;
  if (hosting.length === 0 && joined.length === 0)
    return mine ? (
      <p>
        Você ainda não está em nenhuma LC. <Link to="/lcs">Encontre uma LC</Link> ou <Link to="/criar/lc">organize a sua</Link>.
      </p>
    ) : (
      <p className="text-muted">Nenhuma LC para mostrar.</p>
    );
  return (
    <div className="flex flex-col gap-6">
      <Part id="lcs-organiza" title="Organiza" groupReads={hosting} />
      <Part id="lcs-participa" title="Participa" groupReads={joined} />
    </div>
  );
}

function Part({ id, title, groupReads }: { id: string; title: string; groupReads: readonly GroupReadCard[] }) {
  if (groupReads.length === 0) return null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="font-serif text-xl font-semibold">
        {title}
      </h2>
      <GroupReadList groupReads={groupReads} />
    </section>
  );
}
