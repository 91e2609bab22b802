import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormMessage } from '~/components/ui/field';
import { activityWhen } from '../when';
import { FORM_FIELD, failureOf } from '../../plans/components/form-scope';
import { ACTIVITY_KIND_LABELS } from '../../labels';
import type { ClubActivityAdminItem } from '../types';
import { ActivityForm } from './activity-form';

/** The activities of /admin/atividades, each with its edit form and delete. */
export function ActivityAdminList({ activities, result, empty }: { activities: ClubActivityAdminItem[]; result: unknown; empty: string }) {
  if (!activities.length) return <p className="text-muted">{empty}</p>;
  return (
    <ul className="flex flex-col gap-4">
      {activities.map((activity) => {
        const scope = `acao-${activity.id}`;
        return (
          <li key={activity.id} className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-4">
            <p className="text-xs font-semibold uppercase tracking-wide text-muted">{ACTIVITY_KIND_LABELS[activity.kind]}</p>
            <h3 className="font-serif text-lg font-semibold">{activity.title}</h3>
            <p className="text-sm">
              <time dateTime={activity.startsAt}>{activityWhen(activity)}</time>
              {activity.edition ? ` · ${activity.edition.title}` : ''}
            </p>
            <FormMessage>{failureOf(result, scope)?.formError}</FormMessage>
            <Form method="post">
              <input type="hidden" name={FORM_FIELD} value={scope} />
              <input type="hidden" name="activityId" value={activity.id} />
              <Button type="submit" name="intent" value="excluir" variant="danger">
                Excluir {activity.title}
              </Button>
            </Form>
            <details className="rounded-lg border border-line p-3" open={failureOf(result, `atividade-${activity.id}`) !== undefined}>
              <summary className="min-h-11 cursor-pointer content-center font-medium">Editar {activity.title}</summary>
              <div className="pt-3">
                <ActivityForm kind={activity.kind} activity={activity} result={result} />
              </div>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
