import { Link } from '~/components/link';
import { formatDay, formatNumber } from '~/lib/format';
import type { HomeMarathon } from '../home-card.server';
import { pointsLabel } from '../labels';

/** /home's "Maratonas": each marathon the reader is in, their place and points, today's challenges; or a way to find one. */
export function HomeMarathonsCard({ marathons, total }: { marathons: readonly HomeMarathon[]; total: number }) {
  return (
    <section aria-labelledby="minhas-maratonas" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="minhas-maratonas" className="font-serif text-xl font-semibold">
          Maratonas
        </h2>
        {total > 0 ? <Link to="/m">{total > marathons.length ? `Ver as ${total}` : 'Ver todas'}</Link> : null}
      </div>
      {marathons.length ? (
        <ul className="flex flex-col gap-3">
          {marathons.map((m) => (
            <li key={m.slug} className="flex min-w-0 flex-col">
              <Link to={`/m/${m.slug}/progresso`} className="font-semibold">
                {m.name}
              </Link>
              <span className="text-sm text-muted">
                {m.phase === 'proxima' ? (
                  `Começa em ${formatDay(m.startsOn)}`
                ) : (
                  <Link to={`/m/${m.slug}/ranking`}>
                    {formatNumber(m.position)}º de {formatNumber(m.participantCount)} · {pointsLabel(m.points)}
                  </Link>
                )}
              </span>
              {m.revealedToday.length ? (
                <div className="text-sm">
                  <span>{m.revealedToday.length === 1 ? 'Desafio revelado hoje:' : 'Desafios revelados hoje:'}</span>
                  <ul className="list-disc pl-5">
                    {m.revealedToday.map((c) => (
                      <li key={c.id}>
                        <Link to={`/m/${m.slug}/desafios`}>{c.description}</Link> ({pointsLabel(c.points)})
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm">
          Leia com milhares de pessoas por duas semanas. <Link to="/maratonas">Encontre uma maratona</Link>.
        </p>
      )}
    </section>
  );
}
