import { ReaderFocaSummary } from '~/features/focus/components/reader-foca';
import type { TabData } from '../types';
import { AttsTab } from './tab-atts';
import { ClubsTab } from './tab-clubs';
import { GroupReadsTab } from './tab-group-reads';
import { MarathonsTab } from './tab-marathons';
import { BookshelfTab } from './tab-bookshelf';
import { FollowersTab, FollowingTab } from './tab-connections';
import { FinishedTab } from './tab-finished';
import { ReviewsTab } from './tab-reviews';
import { ShelvesTab } from './tab-shelves';
import { StatsTab } from './tab-stats';

/** One view per tab of the registry (tabs.ts); a new tab adds its case here. */
export function ProfileTabView({ data, username, owner, mine, search }: { data: TabData; username: string; owner: string; mine: boolean; search: string }) {
  switch (data.tab) {
    case 'estante':
      return <BookshelfTab data={data} username={username} search={search} />;
    case 'estantes':
      return <ShelvesTab data={data} />;
    case 'lidos':
      return <FinishedTab data={data} username={username} search={search} />;
    case 'resenhas':
      return <ReviewsTab data={data} mine={mine} search={search} />;
    case 'atts':
      return <AttsTab data={data} username={username} mine={mine} />;
    case 'estatisticas':
      return <StatsTab data={data} username={username} />;
    case 'lcs':
      return <GroupReadsTab data={data} mine={mine} />;
    case 'maratonas':
      return <MarathonsTab data={data} mine={mine} />;
    case 'clubes':
      return <ClubsTab data={data} mine={mine} />;
    case 'foca':
      return <ReaderFocaSummary foca={data.foca} owner={owner} username={username} />;
    case 'seguidores':
      return <FollowersTab data={data} mine={mine} search={search} />;
    case 'seguindo':
      return <FollowingTab data={data} mine={mine} search={search} />;
  }
}
