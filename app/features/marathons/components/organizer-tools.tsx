import { Form, useLocation, useNavigation } from 'react-router';
import { Button, buttonClass } from '~/components/ui/button';
import { Pagination } from '~/components/ui/pagination';
import { SelectField, TextArea, TextField } from '~/components/ui/field';
import { Confirm, HostForm, usePending } from '~/features/lcs/components/host-tools';
import { fieldError, isFailure, typed } from '~/lib/form-result';
import { CHALLENGE_DESCRIPTION_MAX, MARATHON_NAME_MAX, MARATHON_TEXT_MAX, VISIBILITY_LABELS } from '../policy';
import type { ChallengeView, MarathonDetail, MarathonParticipantView } from '../types';
import { MARATHON_TIME_ZONES, MARATHON_VISIBILITIES } from '../vocabulary';
import { timeZoneLabel } from '../labels';
import { ChallengeList } from './challenge-list';
import { GroupSelect } from './marathon-join-form';

type Props = {
  marathon: MarathonDetail;
  challenges: { today: string; categories: { id: string; name: string; challenges: ChallengeView[] }[] };
  options: { categories: { id: string; name: string }[]; levels: { id: string; name: string }[] };
  participants: { items: MarathonParticipantView[]; total: number; page: number; pageSize: number };
  result: unknown;
};

/** The organisers' page: the basics, the cover, a challenge added, every challenge (edited, removed), participants. */
export function OrganizerTools({ marathon, challenges, options, participants, result }: Props) {
  const location = useLocation();
  // Both forms have a "description": what was typed and its error go back only to the form that was sent.
  const fieldOf = (intent: string) => (name: string, fallback: string) => {
    const sent = typed(result, 'intent') === intent;
    return { name, defaultValue: sent ? typed(result, name, fallback) : fallback, error: sent ? fieldError(result, name) : undefined };
  };
  const field = fieldOf('detalhes');
  const challengeField = fieldOf('desafio');
  const pending = usePending();
  return (
    <div className="flex flex-col gap-6">
      <HostForm intent="detalhes" title="Dados da maratona" submit="Salvar">
        <TextField label="Nome" maxLength={MARATHON_NAME_MAX} {...field('name', marathon.name)} />
        <TextField label="Identificador (endereço)" hint={`/m/${marathon.slug}: o antigo continua levando para cá.`} {...field('slug', marathon.slug)} />
        <TextArea label="Descrição (Markdown)" rows={5} maxLength={MARATHON_TEXT_MAX} {...field('description', marathon.description)} />
        <TextArea label="Regras (Markdown)" rows={5} maxLength={MARATHON_TEXT_MAX} {...field('rules', marathon.rules)} />
        <DateFields marathon={marathon} field={field} />
        <SelectField label="Quem pode ver e se inscrever" {...field('visibility', marathon.visibility)}>
          {MARATHON_VISIBILITIES.filter((v) => v !== 'clube' || marathon.organizer.kind === 'clube').map((v) => (
            <option key={v} value={v}>
              {VISIBILITY_LABELS[v]}
            </option>
          ))}
        </SelectField>
      </HostForm>

      <HostForm
        intent="capa"
        title="Capa"
        multipart
        actions={
          <span className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="capa" variant="secondary" pending={pending('capa')}>
              Enviar capa
            </Button>
            {marathon.coverUrl ? (
              <Button type="submit" name="intent" value="remover-capa" variant="quiet" pending={pending('remover-capa')}>
                Remover a capa
              </Button>
            ) : null}
          </span>
        }
      >
        <TextField
          label="Imagem da capa"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          name="cover"
          error={typed(result, 'intent') === 'capa' ? fieldError(result, 'cover') : undefined}
          hint="JPEG, PNG, WebP ou GIF de até 5 MB. Aparece larga (3 por 1) no alto da página da maratona."
        />
      </HostForm>

      <HostForm intent="desafio" title="Adicionar desafio" submit="Adicionar desafio">
        <p className="text-sm text-muted">Pode ser antes ou durante a maratona. Com data de revelação, ele só aparece para todos a partir desse dia.</p>
        <SelectField label="Categoria" {...challengeField('categoryId', options.categories[0]?.id ?? '')}>
          <option value="">Nova categoria…</option>
          {options.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <TextField label="Nome da nova categoria" hint="Só se escolheu “Nova categoria”." maxLength={80} {...challengeField('newCategory', '')} />
        <SelectField label="Tipo" {...challengeField('kind', 'leitura')}>
          <option value="leitura">Leitura (livros vinculados)</option>
          <option value="atividade">Atividade (marcar como feita)</option>
        </SelectField>
        <CompletesOnFinish
          label="Leitura: conclui sozinho quando a pessoa termina um livro vinculado"
          checked={typed(result, 'intent') === 'desafio' ? typed(result, 'completesOnFinish') === 'on' : true}
        />
        <TextArea label="Descrição do desafio" rows={2} maxLength={CHALLENGE_DESCRIPTION_MAX} {...challengeField('description', '')} />
        <TextField label="Pontos" inputMode="numeric" {...challengeField('points', '1')} />
        <TextField label="Revelar em (opcional)" type="date" {...challengeField('revealsOn', '')} />
        {options.levels.length ? (
          <SelectField label="Nível (opcional)" {...challengeField('levelId', '')}>
            <option value="">Todos os níveis</option>
            {options.levels.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </SelectField>
        ) : null}
      </HostForm>

      <section aria-labelledby="desafios" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
        <h2 id="desafios" className="font-serif text-xl font-semibold">
          Desafios
        </h2>
        <p className="text-sm text-muted">
          Os agendados só você vê até a data deles. Mudar pontos ou nível, ou remover um desafio, refaz a pontuação de todos.
        </p>
        <ChallengeList
          categories={challenges.categories}
          myLevel={null}
          scheduledAfter={challenges.today}
          heading="h3"
          actions={(c) => <ChallengeTools challenge={c} levels={options.levels} result={result} />}
        />
      </section>

      <section aria-labelledby="pessoas" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
        <h2 id="pessoas" className="font-serif text-xl font-semibold">
          Participantes
        </h2>
        {participants.items.length ? (
          <ul className="flex flex-col divide-y divide-line">
            {participants.items.map((p) => (
              <ParticipantRow key={p.userId} p={p} marathon={marathon} result={result} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">Ninguém se inscreveu ainda.</p>
        )}
        <Pagination page={participants.page} pageSize={participants.pageSize} total={participants.total} search={location.search} />
      </section>
    </div>
  );
}

function DateFields({
  marathon,
  field,
}: {
  marathon: MarathonDetail;
  field: (name: string, fallback: string) => { name: string; defaultValue: string; error: string | undefined };
}) {
  return (
    <>
      <SelectField label="Fuso horário" {...field('timeZone', marathon.timeZone)}>
        {MARATHON_TIME_ZONES.map((tz) => (
          <option key={tz} value={tz}>
            {timeZoneLabel(tz)}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Primeiro dia" type="date" {...field('startsOn', marathon.startsOn)} />
        <TextField label="Último dia" type="date" {...field('endsOn', marathon.endsOn)} />
        <TextField label="Inscrições abrem" type="date" {...field('registrationOpensOn', marathon.registrationOpensOn)} />
        <TextField label="Inscrições fecham" type="date" {...field('registrationClosesOn', marathon.registrationClosesOn)} />
      </div>
    </>
  );
}

function CompletesOnFinish({ label, checked }: { label: string; checked: boolean }) {
  return (
    <label className="flex items-center gap-2">
      <input type="checkbox" name="completesOnFinish" defaultChecked={checked} className="size-5 accent-coral" />
      {label}
    </label>
  );
}

/** A challenge's edit form (open again when it came back with errors) and its removal, which asks first. */
function ChallengeTools({ challenge, levels, result }: { challenge: ChallengeView; levels: Props['options']['levels']; result: unknown }) {
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state === 'submitting' && navigation.formData?.get('intent') === intent && navigation.formData.get('challengeId') === challenge.id;
  const failed = isFailure(result) && typed(result, 'challengeId') === challenge.id;
  const sent = failed && typed(result, 'intent') === 'editar-desafio';
  const field = (name: string, fallback: string) => ({
    name,
    defaultValue: sent ? typed(result, name, fallback) : fallback,
    error: sent ? fieldError(result, name) : undefined,
  });
  return (
    <div className="flex flex-wrap items-start gap-2">
      <details open={sent} className="min-w-0 open:basis-full">
        <summary className={buttonClass('secondary', 'w-fit cursor-pointer list-none')}>Editar</summary>
        <Form method="post" className="mt-2 flex flex-col gap-3">
          <input type="hidden" name="intent" value="editar-desafio" />
          <input type="hidden" name="challengeId" value={challenge.id} />
          <TextArea label="Descrição do desafio" rows={2} maxLength={CHALLENGE_DESCRIPTION_MAX} {...field('description', challenge.description)} />
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label="Pontos" inputMode="numeric" {...field('points', String(challenge.points))} />
            <TextField label="Revelar em (opcional)" type="date" {...field('revealsOn', challenge.revealsOn ?? '')} />
          </div>
          {levels.length ? (
            <SelectField label="Nível (opcional)" {...field('levelId', challenge.levelId ?? '')}>
              <option value="">Todos os níveis</option>
              {levels.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </SelectField>
          ) : null}
          {challenge.kind === 'leitura' ? (
            <CompletesOnFinish
              label="Conclui sozinho quando a pessoa termina um livro vinculado"
              checked={sent ? typed(result, 'completesOnFinish') === 'on' : challenge.completesOnFinish}
            />
          ) : null}
          <div>
            <Button type="submit" variant="secondary" pending={busy('editar-desafio')}>
              Salvar desafio
            </Button>
          </div>
        </Form>
      </details>
      <Form method="post">
        <input type="hidden" name="challengeId" value={challenge.id} />
        <Confirm
          label="Remover"
          warning="O desafio sai da maratona com os livros vinculados a ele, e a pontuação de todos é refeita."
          intent="remover-desafio"
          confirm="Remover desafio"
          pending={busy('remover-desafio')}
        />
      </Form>
    </div>
  );
}

function ParticipantRow({ p, marathon, result }: { p: MarathonParticipantView; marathon: MarathonDetail; result: unknown }) {
  const pending = usePending();
  const who = p.username ? `@${p.username}` : p.name;
  const sent = isFailure(result) && typed(result, 'intent') === 'grupo' && typed(result, 'userId') === p.userId;
  const movable = marathon.mode !== 'none' && p.status === 'active' && marathon.phase !== 'encerrada';
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>
          {who} <span className="text-sm text-muted">{p.status === 'banned' ? 'Banido(a) da maratona' : (p.group ?? 'Participando')}</span>
        </span>
        <Form method="post" className="flex flex-wrap gap-2">
          <input type="hidden" name="userId" value={p.userId} />
          <Confirm
            label={p.status === 'banned' ? 'Desfazer banimento' : 'Remover'}
            warning={p.status === 'banned' ? `${who} poderá se inscrever de novo.` : `${who} sai da maratona (pode se inscrever de novo).`}
            intent="remover"
            confirm={p.status === 'banned' ? 'Desfazer' : 'Remover'}
            pending={pending('remover', p.userId)}
          />
          {p.status === 'active' ? (
            <Confirm label="Banir" warning={`${who} sai e não pode voltar.`} intent="banir" confirm="Banir" pending={pending('banir', p.userId)} />
          ) : null}
        </Form>
      </div>
      {movable ? (
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="userId" value={p.userId} />
          <GroupSelect
            marathon={marathon}
            label={marathon.mode === 'teams' ? `Equipe de ${who}` : `Nível de ${who}`}
            defaultValue={sent ? typed(result, 'groupId') : (p.groupId ?? '')}
            error={sent ? fieldError(result, 'groupId') : undefined}
          />
          <Button type="submit" name="intent" value="grupo" variant="secondary" pending={pending('grupo', p.userId)}>
            Mudar
          </Button>
        </Form>
      ) : null}
    </li>
  );
}
