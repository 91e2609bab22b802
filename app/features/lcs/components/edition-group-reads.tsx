import { Link } from '~/components/link';
import { daysLabel } from '../labels';
import { PHASE_LABELS } from '../policy';
import type { GroupReadCard } from '../types';

/** An edition page's "LCs lendo este livro": open and running LCs reading it, or an invitation to host one. */
export function EditionGroupReads({ groupReads }: { groupReads: readonly GroupReadCard[] }) {
  return (
    <section aria-labelledby="lcs-lendo" className="flex flex-col gap-3">
      <h2 id="lcs-lendo" className="font-serif text-xl font-semibold">
        LCs lendo este livro
      </h2>
      {groupReads.length ? (
        <ul className="flex flex-col gap-2">
          {groupReads.map((lc) => (
            <li key={lc.id} className="flex flex-col rounded-xl border border-line bg-surface p-3">
              <Link to={`/lc/${lc.slug}`} className="font-semibold">
                {lc.title}
              </Link>
              <span className="text-sm text-muted">
                {PHASE_LABELS[lc.phase]} · {daysLabel(lc.startsOn, lc.endsOn)} ·{' '}
                {lc.host.kind === 'club' ? `Clube ${lc.host.name}` : `Com @${lc.host.username}`}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm">
          Nenhuma LC aberta lendo este livro. <Link to="/criar/lc">Organize uma</Link> e leia junto com outras pessoas.
        </p>
      )}
    </section>
  );
}
