import { ReaderStatsView } from '~/features/reading/components/reader-stats';
import type { TabData } from '../types';
import { ALL_TIME } from '../validation';
import { YearNav } from './year-nav';

/** The reader's reading in charts, a year or all time, with links to the years with reading and to all time. */
export function StatsTab({ data, username }: { data: Extract<TabData, { tab: 'estatisticas' }>; username: string }) {
  const choices = [...data.years.map((year) => ({ value: year })), { value: ALL_TIME, label: 'Todo o período' }];
  return (
    <div className="flex flex-col gap-4">
      <YearNav years={choices} current={data.stats.year ?? ALL_TIME} href={(value) => `/u/${username}/estatisticas?ano=${value}`} />
      <h2 className="font-serif text-xl font-bold">{data.stats.year == null ? 'Leituras de todo o período' : `Leituras de ${data.stats.year}`}</h2>
      <ReaderStatsView stats={data.stats} />
    </div>
  );
}
