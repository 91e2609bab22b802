import { ReaderStatsView } from '~/features/reading/components/reader-stats';
import type { TabData } from '../types';
import { YearNav } from './year-nav';

/** A year of the reader's reading in charts, with links to the other years. */
export function StatsTab({ data, username }: { data: Extract<TabData, { tab: 'estatisticas' }>; username: string }) {
  return (
    <div className="flex flex-col gap-4">
      <YearNav years={data.years.map((year) => ({ year }))} current={data.stats.year} href={(year) => `/u/${username}/estatisticas?ano=${year}`} />
      <h2 className="font-serif text-xl font-bold">Leituras de {data.stats.year}</h2>
      <ReaderStatsView stats={data.stats} />
    </div>
  );
}
