import type { ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { Button, type ButtonVariant, buttonClass } from '~/components/ui/button';
import { TextArea, TextField } from '~/components/ui/field';
import { fieldError, isFailure, typed } from '~/lib/form-result';
import { GROUP_READ_DESCRIPTION_MAX, GROUP_READ_STAGES_MAX, GROUP_READ_TITLE_MAX, PARTICIPANT_STATUS_LABELS } from '../policy';
import type { GroupReadBook, GroupReadDetail, GroupReadParticipant } from '../types';
import { rowIndexes } from '../validation';
import { StageFields } from './stage-fields';
import { VisibilityField } from './visibility-field';

/** Whether this form (its intent, and its reader for a participant's row) is the one being sent. */
export function usePending() {
  const navigation = useNavigation();
  return (intent: string, userId?: string) =>
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === intent &&
    (userId === undefined || navigation.formData.get('userId') === userId);
}

/**
 * A button that asks first: the summary of a native <details> opens the warning and the real button, so the
 * confirmation works without JavaScript and one click never bans or closes (as the clubs' deletions ask).
 */
export function Confirm({ label, warning, intent, confirm, pending }: { label: string; warning: string; intent: string; confirm: string; pending: boolean }) {
  return (
    <details>
      <summary className={buttonClass('secondary', 'cursor-pointer list-none text-danger')}>{label}</summary>
      <div className="mt-2 flex max-w-md flex-col items-start gap-2 rounded-lg border border-line p-3">
        <p className="text-sm">Tem certeza? {warning}</p>
        <Button type="submit" name="intent" value={intent} variant="danger" pending={pending}>
          {confirm}
        </Button>
      </div>
    </details>
  );
}

/** One host tool: its section, its form (posting `intent`), its fields, and its button with a pending state. */
export function HostForm(props: {
  intent: string;
  title: string;
  submit?: string;
  variant?: ButtonVariant;
  multipart?: boolean;
  children: ReactNode;
  /** In place of the plain button (a confirmation). */
  actions?: ReactNode;
}) {
  const pending = usePending();
  const { intent, title, submit, variant = 'secondary', multipart = false, children, actions } = props;
  return (
    <section aria-labelledby={intent} className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <h2 id={intent} className="font-serif text-xl font-semibold">
        {title}
      </h2>
      <Form method="post" className="flex flex-col gap-3" {...(multipart ? { encType: 'multipart/form-data' as const } : {})}>
        {actions ? null : <input type="hidden" name="intent" value={intent} />}
        {children}
        <div>
          {actions ?? (
            <Button type="submit" variant={variant} pending={pending(intent)}>
              {submit}
            </Button>
          )}
        </div>
      </Form>
    </section>
  );
}

function ParticipantRow({ p }: { p: GroupReadParticipant }) {
  const pending = usePending();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span>
        <a href={`/u/${p.username}`}>@{p.username}</a>{' '}
        <span className="text-sm text-muted">
          {PARTICIPANT_STATUS_LABELS[p.status]}
          {p.waitingPlace ? ` (${p.waitingPlace}º)` : ''}
        </span>
      </span>
      <Form method="post" className="flex flex-wrap items-start gap-2">
        <input type="hidden" name="userId" value={p.userId} />
        {p.status === 'banned' ? (
          <Button type="submit" name="intent" value="remover" variant="quiet" pending={pending('remover', p.userId)}>
            Desfazer o banimento de @{p.username}
          </Button>
        ) : (
          <>
            <Button
              type="submit"
              name="intent"
              value="remover"
              variant="secondary"
              aria-label={`Remover @${p.username}`}
              pending={pending('remover', p.userId)}
            >
              Remover
            </Button>
            <Confirm
              label={`Banir @${p.username}`}
              warning={`@${p.username} sai da LC e não pode voltar nem receber convite, até você desfazer o banimento.`}
              intent="banir"
              confirm={`Sim, banir @${p.username}`}
              pending={pending('banir', p.userId)}
            />
          </>
        )}
      </Form>
    </li>
  );
}

/**
 * The schedule, etapa by etapa (`etapas`): each row as the server sent it (the saved schedule, or what was typed
 * when the form came back), with its messages beside its fields; the last row is blank, to add an etapa, and
 * "Adicionar etapa" brings one more without saving. Works without JavaScript: every press sends the whole schedule.
 */
function ScheduleEditor({ fields, errors, books }: { fields: Record<string, string>; errors: Record<string, string>; books: readonly GroupReadBook[] }) {
  const pending = usePending();
  const value = (name: string) => fields[name] ?? '';
  const text = (name: string, label: string, props: Omit<Parameters<typeof TextField>[0], 'name' | 'label'> = {}) => (
    <TextField label={label} name={name} defaultValue={value(name)} error={errors[name]} {...props} />
  );
  const rows = rowIndexes(fields, 'stage');
  return (
    <HostForm
      intent="etapas"
      title="Etapas"
      actions={
        <div className="flex flex-wrap gap-2">
          {rows.length < GROUP_READ_STAGES_MAX ? (
            <Button type="submit" name="linha" value="mais" variant="secondary">
              Adicionar etapa
            </Button>
          ) : null}
          <Button type="submit" variant="primary" pending={pending('etapas')}>
            Salvar o cronograma
          </Button>
        </div>
      }
    >
      {/* Enter in a field saves, rather than pressing the first button of the form. */}
      <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only" />
      <input type="hidden" name="intent" value="etapas" />
      <p className="text-sm text-muted">
        Cada etapa guarda os seus comentários, mesmo com o trecho ou as datas mudados. Uma etapa com comentários não sai do cronograma nem troca de livro. As
        etapas ficam na ordem das datas; a última linha, em branco, adiciona uma etapa.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('startsOn', 'Início da LC', { type: 'date' })}
        {text('endsOn', 'Fim da LC', { type: 'date' })}
      </div>
      {rows.map((i, n) => {
        const id = value(`stage-${i}-id`);
        return (
          <div key={i} role="group" aria-label={id ? `Etapa ${n + 1}` : 'Nova etapa'} className="flex flex-col gap-3 rounded-xl border border-line p-3">
            <p className="font-semibold">{id ? `Etapa ${n + 1}` : 'Nova etapa (em branco, não entra)'}</p>
            <input type="hidden" name={`stage-${i}-id`} value={id} />
            <StageFields i={i} books={books.map((book) => book.title)} value={value} error={(name) => errors[name]} />
            {id ? (
              <div className="flex flex-col gap-1">
                <label className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    name={`remover-${id}`}
                    value="sim"
                    defaultChecked={value(`remover-${id}`) === 'sim'}
                    aria-invalid={errors[`remover-${id}`] ? true : undefined}
                    aria-describedby={errors[`remover-${id}`] ? `remover-${id}-error` : undefined}
                    className="size-5 accent-coral"
                  />
                  Tirar esta etapa do cronograma
                </label>
                {errors[`remover-${id}`] ? (
                  <p id={`remover-${id}-error`} role="alert" className="text-sm font-medium text-danger">
                    {errors[`remover-${id}`]}
                  </p>
                ) : null}
              </div>
            ) : null}
          </div>
        );
      })}
    </HostForm>
  );
}

/** The host's forms: details, the schedule (its etapas, its shift), invitations, participants (remove, ban), closing early. */
export function HostTools({
  lc,
  participants,
  books,
  scheduleFields,
  result,
}: {
  lc: GroupReadDetail;
  participants: readonly GroupReadParticipant[];
  books: readonly GroupReadBook[];
  /** The schedule form's fields as saved (the loader's). */
  scheduleFields: Record<string, string>;
  result: unknown;
}) {
  const pending = usePending();
  const sent = (intent: string) => typed(result, 'intent') === intent;
  const keep = (intent: string, name: string, fallback: string) => (sent(intent) ? typed(result, name, fallback) : fallback);
  const errorOf = (intent: string, name: string) => (sent(intent) ? fieldError(result, name) : undefined);
  /** A field of one host form: what was typed when that form came back refused (else `fallback`), its message beside it. */
  const field = (intent: string, name: string, label: string, fallback: string, props: Omit<Parameters<typeof TextField>[0], 'name' | 'label'> = {}) => (
    <TextField label={label} name={name} defaultValue={keep(intent, name, fallback)} error={errorOf(intent, name)} {...props} />
  );
  const over = lc.phase === 'encerrada';
  const active = participants.filter((p) => p.status === 'active').length;
  const others = participants.length - active;
  return (
    <div className="flex flex-col gap-6">
      <HostForm intent="detalhes" title="Detalhes" submit="Salvar" variant="primary">
        {field('detalhes', 'title', 'Título', lc.title, { maxLength: GROUP_READ_TITLE_MAX })}
        {field('detalhes', 'slug', 'Identificador', lc.slug, { hint: 'O endereço da LC: /lc/identificador. O antigo continua levando para cá.' })}
        <TextArea
          label="Descrição"
          name="description"
          maxLength={GROUP_READ_DESCRIPTION_MAX}
          defaultValue={keep('detalhes', 'description', lc.description)}
          error={errorOf('detalhes', 'description')}
        />
        <VisibilityField
          defaultValue={keep('detalhes', 'visibility', lc.visibility)}
          error={errorOf('detalhes', 'visibility')}
          clubHosted={lc.hostClubId !== null}
        />
        {field('detalhes', 'participantCap', 'Limite de participantes', lc.participantCap === null ? '' : String(lc.participantCap), {
          inputMode: 'numeric',
          hint: 'Em branco: sem limite. Ao aumentar, a lista de espera entra na ordem.',
        })}
      </HostForm>

      <HostForm intent="capa" title="Capa" submit="Enviar capa" multipart>
        {field('capa', 'cover', 'Imagem da capa', '', {
          type: 'file',
          accept: 'image/jpeg,image/png,image/webp,image/gif',
          defaultValue: undefined,
          hint: 'JPEG, PNG, WebP ou GIF de até 5 MB. Sem capa, a LC mostra a do primeiro livro.',
        })}
      </HostForm>

      {over ? null : (
        <ScheduleEditor
          key={JSON.stringify(sent('etapas') && isFailure(result) ? result.fields : scheduleFields)}
          fields={sent('etapas') && isFailure(result) ? result.fields : scheduleFields}
          errors={sent('etapas') && isFailure(result) ? result.fieldErrors : {}}
          books={books}
        />
      )}

      {over ? null : (
        <HostForm intent="adiar" title="Adiar ou antecipar o cronograma" submit="Mover o cronograma">
          {field('adiar', 'days', 'Dias', '', {
            inputMode: 'numeric',
            hint: 'Todas as etapas e as datas da LC andam juntas: 7 adia uma semana, -2 antecipa dois dias.',
          })}
        </HostForm>
      )}

      {over ? null : (
        <HostForm intent="convidar" title="Convidar" submit="Convidar">
          {field('convidar', 'username', 'Nome de usuário', '', { placeholder: '@ana_lendo' })}
        </HostForm>
      )}

      <section aria-labelledby="participantes" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
        <h2 id="participantes" className="font-serif text-xl font-semibold">
          Participantes ({active.toLocaleString('pt-BR')})
        </h2>
        {others > 0 ? <p className="text-sm text-muted">Abaixo também: a lista de espera, os convites e os banimentos.</p> : null}
        {participants.length === 0 ? (
          <p>Ninguém entrou ainda. Compartilhe o endereço da LC ou convide quem você quiser.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line">
            {participants.map((p) => (
              <ParticipantRow key={p.userId} p={p} />
            ))}
          </ul>
        )}
      </section>

      {over ? null : (
        <HostForm
          intent="encerrar"
          title="Encerrar antes do fim"
          actions={
            <Confirm
              label="Encerrar a LC"
              warning="A LC fica encerrada na hora: ninguém mais entra, a lista de espera não anda e o cronograma fica como está. Não dá para desfazer."
              intent="encerrar"
              confirm="Sim, encerrar a LC"
              pending={pending('encerrar')}
            />
          }
        >
          <p className="text-sm">A LC fica encerrada na hora: ninguém mais entra e o cronograma fica como está.</p>
        </HostForm>
      )}
    </div>
  );
}
