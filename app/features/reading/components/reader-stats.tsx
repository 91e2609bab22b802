import { BarChart } from '~/components/charts/bar-chart';
import { Histogram } from '~/components/charts/histogram';
import { formatNumber } from '~/lib/format';
import { MONTH_LABELS, RATING_BUCKETS, type ReaderStats } from '../stats/stats';

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** A reader's year in charts (the profile's `estatisticas` tab): each chart with its table. */
export function ReaderStatsView({ stats }: { stats: ReaderStats }) {
  const ratings = RATING_BUCKETS.map((label, i) => ({ label, value: stats.ratings[i] ?? 0 }));
  const rated = ratings.reduce((sum, r) => sum + r.value, 0);
  if (stats.books === 0) {
    return <p className="text-muted">Nenhum livro terminado em {stats.year} ainda.</p>;
  }
  return (
    <div className="flex flex-col gap-8">
      <p className="text-lg">
        Em {stats.year}: <strong>{plural(stats.books, 'livro lido', 'livros lidos')}</strong>, <strong>{plural(stats.pages, 'página', 'páginas')}</strong>.
      </p>
      <div className="grid gap-8 lg:grid-cols-2">
        <BarChart
          title={`Livros por mês em ${stats.year}`}
          rows={stats.months.map((m) => ({ label: MONTH_LABELS[m.month - 1] ?? String(m.month), value: m.books }))}
          labelHeader="Mês"
          valueHeader="Livros"
          summary={`${plural(stats.books, 'livro', 'livros')} no ano.`}
        />
        <BarChart
          title={`Páginas por mês em ${stats.year}`}
          rows={stats.months.map((m) => ({ label: MONTH_LABELS[m.month - 1] ?? String(m.month), value: m.pages }))}
          labelHeader="Mês"
          valueHeader="Páginas"
          summary={`${plural(stats.pages, 'página', 'páginas')} no ano.`}
        />
        {stats.genres.length > 0 ? (
          <BarChart title="Gêneros" rows={stats.genres} labelHeader="Gênero" valueHeader="Livros" summary={`Mais lido: ${stats.genres[0]?.label}.`} />
        ) : null}
        {stats.countries.length > 0 ? (
          <BarChart
            title="Países dos autores"
            rows={stats.countries}
            labelHeader="País"
            valueHeader="Autores"
            summary={`Mais frequente: ${stats.countries[0]?.label}.`}
          />
        ) : null}
        <Histogram
          title="Notas dadas"
          buckets={ratings}
          labelHeader="Nota"
          valueHeader="Livros"
          summary={rated > 0 ? `${plural(rated, 'livro avaliado', 'livros avaliados')}.` : 'Nenhum livro avaliado.'}
        />
      </div>
    </div>
  );
}
