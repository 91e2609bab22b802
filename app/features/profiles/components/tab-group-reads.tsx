import { Link } from '~/components/link';
import { GroupReadList } from '~/features/lcs/components/group-read-list';
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
      {hosting.length > 0 ? (
        <section aria-labelledby="lcs-organiza" className="flex flex-col gap-3">
          <h2 id="lcs-organiza" className="font-serif text-xl font-semibold">
            Organiza
          </h2>
          <GroupReadList groupReads={hosting} />
        </section>
      ) : null}
      {joined.length > 0 ? (
        <section aria-labelledby="lcs-participa" className="flex flex-col gap-3">
          <h2 id="lcs-participa" className="font-serif text-xl font-semibold">
            Participa
          </h2>
          <GroupReadList groupReads={joined} />
        </section>
      ) : null}
    </div>
  );
}
