import { Histogram } from '~/components/charts/histogram';
import { formatNumber, formatRating } from '~/lib/format';
import { RATING_BUCKETS, type EditionStats } from '../stats';

/** The edition's `estatisticas` tab: how readers rated it and how long a reading takes. */
export function EditionStatsView({ title, stats }: { title: string; stats: EditionStats }) {
  const buckets = RATING_BUCKETS.map((label, i) => ({ label, value: stats.ratings[i] ?? 0 }));
  return (
    <section aria-labelledby="estatisticas" className="flex flex-col gap-6">
      <h2 id="estatisticas" className="font-serif text-xl font-semibold">
        Estatísticas de {title}
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl border border-line bg-surface p-4">
          <dt className="text-sm text-muted">Nota média</dt>
          <dd className="text-2xl font-semibold tabular-nums">
            {stats.averageRating != null ? `${formatRating(stats.averageRating)} de 5` : 'Sem notas ainda'}
          </dd>
          <dd className="text-sm text-muted">{stats.ratingsCount === 1 ? '1 nota' : `${formatNumber(stats.ratingsCount)} notas`}</dd>
        </div>
        <div className="rounded-xl border border-line bg-surface p-4">
          <dt className="text-sm text-muted">Tempo médio de leitura</dt>
          <dd className="text-2xl font-semibold tabular-nums">
            {stats.readingTime ? (stats.readingTime.averageDays === 1 ? '1 dia' : `${formatNumber(stats.readingTime.averageDays)} dias`) : 'Sem leituras com datas ainda'}
          </dd>
          {stats.readingTime ? (
            <dd className="text-sm text-muted">
              {stats.readingTime.count === 1 ? 'de 1 leitura terminada' : `de ${formatNumber(stats.readingTime.count)} leituras terminadas`} com início e fim
            </dd>
          ) : null}
        </div>
      </dl>
      {stats.ratingsCount > 0 ? (
        <Histogram title="Distribuição das notas" buckets={buckets} labelHeader="Nota" valueHeader="Leitores" summary={`${formatNumber(stats.ratingsCount)} notas, média ${formatRating(stats.averageRating ?? 0)}.`} />
      ) : (
        <p className="text-muted">Ninguém deu nota a esta edição ainda.</p>
      )}
    </section>
  );
}
