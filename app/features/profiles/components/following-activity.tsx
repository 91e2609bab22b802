import { Link } from '~/components/link';
import { wholePercent } from '~/components/ui/progress-bar';
import { STATUS_LABELS } from '~/features/reading/statuses';
import { formatDateTime } from '~/lib/format';
import type { FollowedReader } from '../types';
import { ReaderList } from './reader-list';
import { SocialForm } from './social-form';

function Activity({ reader }: { reader: FollowedReader }) {
  const { activity } = reader;
  if (!activity) return <>Nada na estante ainda.</>;
  return (
    <>
      {activity.status === 'reading' && activity.progress != null ? `Lendo (${wholePercent(activity.progress)}) ` : `${STATUS_LABELS[activity.status]}: `}
      <Link to={`/ed/${activity.edition.id}`}>{activity.edition.title}</Link> · <time dateTime={activity.at}>{formatDateTime(activity.at)}</time>
    </>
  );
}

/** Whom I follow, each with their latest shelf activity and an unfollow button. */
export function FollowingActivity({ readers }: { readers: FollowedReader[] }) {
  const byId = new Map(readers.map((reader) => [reader.id, reader]));
  return (
    <ReaderList
      readers={readers}
      extra={(reader) => {
        const followed = byId.get(reader.id);
        return followed ? <Activity reader={followed} /> : null;
      }}
      actions={(reader) => <SocialForm intent="deixar-de-seguir" username={reader.username} label="Deixar de seguir" variant="quiet" />}
    />
  );
}
