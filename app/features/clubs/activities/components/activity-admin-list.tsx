import { AdminItem, AdminList } from '../../admin/components/admin-item';
import { ACTIVITY_KIND_LABELS } from '../../labels';
import type { ClubActivityAdminItem } from '../types';
import { activityWhen } from '../when';
import { ActivityForm } from './activity-form';

/** The activities of /admin/atividades, each with its edit form and delete. */
export function ActivityAdminList({ activities, result, empty }: { activities: ClubActivityAdminItem[]; result: unknown; empty: string }) {
  return (
    <AdminList empty={empty}>
      {activities.map((activity) => (
        <AdminItem
          key={activity.id}
          idField="activityId"
          id={activity.id}
          name={activity.title}
          result={result}
          deleteWarning="A atividade sai da página do clube e da agenda, e isso não se desfaz."
          edit={<ActivityForm kind={activity.kind} activity={activity} result={result} />}
          editScope={`atividade-${activity.id}`}
        >
          <div className="flex flex-col gap-2">
            <p className="text-xs font-semibold uppercase tracking-wide text-muted">{ACTIVITY_KIND_LABELS[activity.kind]}</p>
            <h3 className="font-serif text-lg font-semibold">{activity.title}</h3>
            <p className="text-sm">
              <time dateTime={activity.startsAt}>{activityWhen(activity)}</time>
              {activity.edition ? ` · ${activity.edition.title}` : ''}
            </p>
          </div>
        </AdminItem>
      ))}
    </AdminList>
  );
}
