import { TextArea, TextField } from '~/components/ui/field';
import { ScopedForm, scopedFields } from '../../plans/components/form-scope';
import type { ActivityKind } from '../../vocabulary';
import { saoPauloParts } from '../sao-paulo-time';
import type { ClubActivityAdminItem } from '../types';
import { ACTIVITY_DESCRIPTION_MAX, ACTIVITY_TITLE_MAX, LIVE_DURATION_DEFAULT } from '../validation';
import { EditionPicker } from './edition-picker';

const minutesBetween = (a: string, b: string | null) => (b ? Math.round((new Date(b).getTime() - new Date(a).getTime()) / 60_000) : LIVE_DURATION_DEFAULT);

/** Schedules an activity of one kind, or edits one; dates and times are São Paulo's (horário de Brasília). */
export function ActivityForm({ kind, activity, result }: { kind: ActivityKind; activity?: ClubActivityAdminItem; result: unknown }) {
  const scope = activity ? `atividade-${activity.id}` : `atividade-nova-${kind}`;
  const { failure, field, id } = scopedFields(result, scope);
  const error = (name: string) => failure?.fieldErrors[name];
  const start = activity ? saoPauloParts(activity.startsAt) : null;
  const end = activity?.endsAt ? saoPauloParts(activity.endsAt) : null;
  const dates = (startLabel: string, endLabel: string, endRequired: boolean) => (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id={id('startDay')}
        label={startLabel}
        name="startDay"
        type="date"
        required
        defaultValue={field('startDay', start?.day ?? '')}
        error={error('startDay')}
      />
      <TextField
        id={id('endDay')}
        label={endLabel}
        name="endDay"
        type="date"
        required={endRequired}
        defaultValue={field('endDay', end?.day ?? '')}
        error={error('endDay')}
      />
    </div>
  );
  return (
    <ScopedForm
      result={result}
      scope={scope}
      intent={activity ? 'salvar' : 'criar'}
      hidden={activity ? { kind, activityId: activity.id } : { kind }}
      submitLabel={activity ? 'Salvar atividade' : 'Marcar atividade'}
    >
      <TextField
        id={id('title')}
        label="Título"
        name="title"
        required={kind !== 'group_read'}
        maxLength={ACTIVITY_TITLE_MAX}
        defaultValue={field('title', activity?.title ?? '')}
        error={error('title')}
        hint={kind === 'group_read' ? 'Em branco: “LC do mês: ” e o título do livro.' : undefined}
      />
      {kind === 'group_read' ? (
        <>
          <EditionPicker
            name="edition"
            defaultValue={field('edition', activity?.edition?.id ?? '')}
            defaultTitle={activity?.edition?.title ?? null}
            error={error('edition')}
          />
          {dates('Começa em', 'Termina em (opcional)', false)}
        </>
      ) : null}
      {kind === 'live' ? (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField id={id('day')} label="Dia" name="day" type="date" required defaultValue={field('day', start?.day ?? '')} error={error('day')} />
            <TextField
              id={id('time')}
              label="Horário (Brasília)"
              name="time"
              type="time"
              required
              defaultValue={field('time', start?.time ?? '')}
              error={error('time')}
            />
            <TextField
              id={id('duration')}
              label="Duração (minutos)"
              name="duration"
              type="number"
              min={15}
              max={600}
              step={5}
              defaultValue={field('duration', String(activity ? minutesBetween(activity.startsAt, activity.endsAt) : LIVE_DURATION_DEFAULT))}
              error={error('duration')}
            />
          </div>
          <TextField
            id={id('link')}
            label="Link do encontro"
            name="link"
            type="url"
            required
            placeholder="https://"
            defaultValue={field('link', activity?.link ?? '')}
            error={error('link')}
            hint="Só membros veem o link (na agenda pessoal de cada um)."
          />
        </>
      ) : null}
      {kind === 'marathon' ? dates('Começa em', 'Termina em', true) : null}
      <TextArea
        id={id('description')}
        label="Descrição"
        name="description"
        rows={3}
        maxLength={ACTIVITY_DESCRIPTION_MAX}
        defaultValue={field('description', activity?.description ?? '')}
        error={error('description')}
      />
    </ScopedForm>
  );
}
