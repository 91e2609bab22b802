import { BarChart } from '~/components/charts/bar-chart';
import { Histogram } from '~/components/charts/histogram';
import { formatNumber, formatRating } from '~/lib/format';
import { MOOD_LABELS, PACING_LABELS } from '../vocabulary';
import { RATING_BUCKETS, type EditionStats } from '../stats/stats';

const readersText = (n: number) => (n === 1 ? '1 leitor' : `${formatNumber(n)} leitores`);

/** The edition's `estatisticas` tab: how readers rated it, how long a reading takes, and how it felt. */
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
            {stats.readingTime
              ? stats.readingTime.averageDays === 1
                ? '1 dia'
                : `${formatNumber(stats.readingTime.averageDays)} dias`
              : 'Sem leituras com datas ainda'}
          </dd>
          {stats.readingTime ? (
            <dd className="text-sm text-muted">
              {stats.readingTime.count === 1 ? 'de 1 leitura terminada' : `de ${formatNumber(stats.readingTime.count)} leituras terminadas`} com início e fim
            </dd>
          ) : null}
        </div>
      </dl>
      {stats.ratingsCount > 0 ? (
        <Histogram
          title="Distribuição das notas"
          buckets={buckets}
          labelHeader="Nota"
          valueHeader="Leitores"
          summary={`${formatNumber(stats.ratingsCount)} notas, média ${formatRating(stats.averageRating ?? 0)}.`}
        />
      ) : (
        <p className="text-muted">Ninguém deu nota a esta edição ainda.</p>
      )}
      <ReadingTraits stats={stats} />
    </section>
  );
}

/** Moods, pacing and content warnings, as readers described their reading (decision 0020). */
function ReadingTraits({ stats }: { stats: EditionStats }) {
  const { moods, pacing, contentWarnings, traitReaders } = stats;
  if (traitReaders === 0) return <p className="text-muted">Ninguém contou ainda como foi a leitura (humor, ritmo, avisos de conteúdo).</p>;
  const topMood = moods[0];
  const topPacing = [...pacing].sort((a, b) => b.readers - a.readers)[0];
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted">Como foi a leitura, segundo {readersText(traitReaders)}.</p>
      {moods.length > 0 && topMood ? (
        <BarChart
          title="Humor"
          rows={moods.map((m) => ({ label: MOOD_LABELS[m.mood], value: m.readers }))}
          labelHeader="Humor"
          valueHeader="Leitores"
          summary={`Mais citado: ${MOOD_LABELS[topMood.mood]}, por ${readersText(topMood.readers)}.`}
        />
      ) : null}
      {topPacing && topPacing.readers > 0 ? (
        <BarChart
          title="Ritmo do livro"
          rows={pacing.map((p) => ({ label: PACING_LABELS[p.pacing], value: p.readers }))}
          labelHeader="Ritmo"
          valueHeader="Leitores"
          summary={`Mais citado: ${PACING_LABELS[topPacing.pacing]}, por ${readersText(topPacing.readers)}.`}
        />
      ) : null}
      {contentWarnings.length > 0 ? (
        <BarChart
          title="Avisos de conteúdo"
          rows={contentWarnings}
          labelHeader="Aviso"
          valueHeader="Leitores"
          summary={`Mais citado: ${contentWarnings[0]?.label}.`}
        />
      ) : null}
    </div>
  );
}
