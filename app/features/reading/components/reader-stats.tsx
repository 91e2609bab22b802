import { BarChart } from '~/components/charts/bar-chart';
import { Histogram } from '~/components/charts/histogram';
import { formatNumber } from '~/lib/format';
import { MONTH_LABELS, RATING_BUCKETS, type ReaderStats } from '../stats/stats';

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** A bar's label: the month of a year, the year of all time, or the books read on unknown dates. */
const barLabel = (at: number | null, ofYear: boolean) => (at == null ? 'Sem data' : ofYear ? (MONTH_LABELS[at - 1] ?? String(at)) : String(at));

/** A reader's year, or all time (`year` null), in charts (the profile's `estatisticas` tab): each chart with its table. */
export function ReaderStatsView({ stats }: { stats: ReaderStats }) {
  const ratings = RATING_BUCKETS.map((label, i) => ({ label, value: stats.ratings[i] ?? 0 }));
  const rated = ratings.reduce((sum, r) => sum + r.value, 0);
  const ofYear = stats.year != null;
  if (stats.books === 0) {
    return <p className="text-muted">{ofYear ? `Nenhum livro terminado em ${stats.year} ainda.` : 'Nenhum livro lido registrado ainda.'}</p>;
  }
  const per = ofYear ? `por mês em ${stats.year}` : 'por ano';
  const within = ofYear ? 'no ano' : 'em todo o período';
  return (
    <div className="flex flex-col gap-8">
      <p className="text-lg">
        {ofYear ? `Em ${stats.year}` : 'Em todo o período'}: <strong>{plural(stats.books, 'livro lido', 'livros lidos')}</strong>,{' '}
        <strong>{plural(stats.pages, 'página', 'páginas')}</strong>.
      </p>
      <div className="grid gap-8 lg:grid-cols-2">
        <BarChart
          title={`Livros ${per}`}
          rows={stats.timeline.map((bar) => ({ label: barLabel(bar.at, ofYear), value: bar.books }))}
          labelHeader={ofYear ? 'Mês' : 'Ano'}
          valueHeader="Livros"
          summary={`${plural(stats.books, 'livro', 'livros')} ${within}.`}
        />
        <BarChart
          title={`Páginas ${per}`}
          rows={stats.timeline.map((bar) => ({ label: barLabel(bar.at, ofYear), value: bar.pages }))}
          labelHeader={ofYear ? 'Mês' : 'Ano'}
          valueHeader="Páginas"
          summary={`${plural(stats.pages, 'página', 'páginas')} ${within}.`}
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
