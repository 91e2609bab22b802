import { Form, useNavigation } from 'react-router';
import { Button } from '~/components/ui/button';
import { WizardSteps } from '~/components/ui/wizard-steps';
import { FormMessage, SelectField, TextArea, TextField } from '~/components/ui/field';
import { rowIndexes } from '~/features/lcs/validation';
import { timeZoneLabel } from '../labels';
import {
  CHALLENGE_DESCRIPTION_MAX,
  MARATHON_CATEGORIES_MAX,
  MARATHON_CHALLENGES_MAX,
  MARATHON_LEVELS_MAX,
  MARATHON_NAME_MAX,
  MARATHON_TEAMS_MAX,
  MARATHON_TEXT_MAX,
  VISIBILITY_LABELS,
} from '../policy';
import { MARATHON_WIZARD_STEPS, type MarathonWizardStep } from '../validation';
import { MARATHON_TIME_ZONES, MARATHON_VISIBILITIES } from '../vocabulary';
import type { MarathonWizardState } from '../wizard.server';

const STEP_LABELS: Record<MarathonWizardStep, string> = { basico: 'Básico', datas: 'Datas', grupos: 'Níveis', desafios: 'Desafios', visibilidade: 'Publicar' };

/**
 * The /criar/maratona wizard: every step's fields are in the form at once (the other steps' hidden), so each press
 * of a button sends the whole marathon and the server answers with it again — nothing typed is lost.
 */
export function MarathonWizard({ state, clubs, admin }: { state: MarathonWizardState; clubs: readonly { id: string; name: string }[]; admin: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const { step, fields, fieldErrors } = state;
  const value = (name: string) => fields[name] ?? '';
  const error = (name: string) => fieldErrors[name];
  const index = MARATHON_WIZARD_STEPS.indexOf(step);
  const groups = rowIndexes(fields, 'group');
  const categories = rowIndexes(fields, 'category');
  const challenges = rowIndexes(fields, 'challenge');
  const mode = value('mode') || 'none';
  const sending = navigation.formData?.get('intent');
  const intent = (name: string, label: string, variant: 'accent' | 'secondary' | 'quiet' = 'secondary') => (
    <Button type="submit" name="intent" value={name} variant={variant} disabled={busy} pending={busy && sending === name}>
      {label}
    </Button>
  );
  const text = (name: string, label: string, props: Omit<Parameters<typeof TextField>[0], 'name' | 'label'> = {}) => (
    <TextField label={label} name={name} defaultValue={value(name)} error={error(name)} {...props} />
  );
  const select = (name: string, label: string, options: readonly (readonly [string, string])[]) => (
    <SelectField label={label} name={name} defaultValue={value(name)} error={error(name)}>
      {options.map(([v, l]) => (
        <option key={v} value={v}>
          {l}
        </option>
      ))}
    </SelectField>
  );
  const listError = (name: string) =>
    error(name) ? (
      <p role="alert" className="text-sm font-medium text-danger">
        {error(name)}
      </p>
    ) : null;
  const organizers = [
    ['eu', 'Eu mesma(o)'] as const,
    ...clubs.map((c) => [`clube:${c.id}`, `O clube ${c.name}`] as const),
    ...(admin ? [['oficial', 'Maratona oficial (equipe do site)'] as const] : []),
  ];
  return (
    <Form method="post" noValidate className="flex flex-col gap-6">
      <button type="submit" name="intent" value={step === 'visibilidade' ? 'criar' : 'avancar'} tabIndex={-1} aria-hidden="true" className="sr-only" />
      <input type="hidden" name="step" value={step} />
      <WizardSteps steps={MARATHON_WIZARD_STEPS} current={step} labels={STEP_LABELS} />
      <FormMessage>{state.formError ?? null}</FormMessage>

      <fieldset hidden={step !== 'basico'} className="flex flex-col gap-4">
        <legend className="mb-2 font-serif text-2xl font-semibold">A maratona</legend>
        {text('name', 'Nome', { maxLength: MARATHON_NAME_MAX })}
        {organizers.length > 1 ? select('organizer', 'Quem organiza', organizers) : <input type="hidden" name="organizer" value="eu" />}
        <TextArea
          label="Descrição (Markdown)"
          name="description"
          rows={5}
          maxLength={MARATHON_TEXT_MAX}
          defaultValue={value('description')}
          error={error('description')}
        />
        <TextArea label="Regras (Markdown)" name="rules" rows={5} maxLength={MARATHON_TEXT_MAX} defaultValue={value('rules')} error={error('rules')} />
      </fieldset>

      <fieldset hidden={step !== 'datas'} className="flex flex-col gap-4">
        <legend className="mb-2 font-serif text-2xl font-semibold">Quando?</legend>
        {select(
          'timeZone',
          'Fuso horário',
          MARATHON_TIME_ZONES.map((tz) => [tz, timeZoneLabel(tz)] as const),
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          {text('startsOn', 'Primeiro dia', { type: 'date' })}
          {text('endsOn', 'Último dia', { type: 'date' })}
          {text('registrationOpensOn', 'Inscrições abrem', { type: 'date' })}
          {text('registrationClosesOn', 'Inscrições fecham', { type: 'date', hint: 'Até o último dia da maratona.' })}
        </div>
      </fieldset>

      <fieldset hidden={step !== 'grupos'} className="flex flex-col gap-4">
        <legend className="mb-2 font-serif text-2xl font-semibold">Níveis ou equipes</legend>
        {select('mode', 'Como os participantes se dividem', [
          ['none', 'Todo mundo junto'],
          ['levels', 'Por níveis (cumulativos: cada nível faz os desafios dele e os anteriores)'],
          ['teams', 'Em equipes'],
        ])}
        <p className="text-sm text-muted">Cada pessoa escolhe seu nível ou equipe ao se inscrever. Com “Todo mundo junto”, os nomes abaixo são ignorados.</p>
        {groups.map((i, n) => (
          <div key={i} className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-3">
            {text(`group-${i}-name`, `${mode === 'teams' ? 'Equipe' : 'Nível'} ${n + 1}`, { maxLength: 60 })}
            <div>{intent(`remover-grupo-${n}`, `Tirar ${mode === 'teams' ? 'a equipe' : 'o nível'} ${n + 1}`, 'quiet')}</div>
          </div>
        ))}
        {listError('groups')}
        {groups.length < Math.max(MARATHON_LEVELS_MAX, MARATHON_TEAMS_MAX) ? (
          <div>{intent('mais-grupo', mode === 'teams' ? 'Adicionar equipe' : 'Adicionar nível')}</div>
        ) : null}
      </fieldset>

      <fieldset hidden={step !== 'desafios'} className="flex flex-col gap-4">
        <legend className="mb-2 font-serif text-2xl font-semibold">Categorias e desafios</legend>
        {categories.map((i, n) => (
          <div key={i} className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-3">
            {text(`category-${i}-name`, `Categoria ${n + 1}`, { maxLength: 80 })}
            {categories.length > 1 ? <div>{intent(`remover-categoria-${n}`, `Tirar a categoria ${n + 1}`, 'quiet')}</div> : null}
          </div>
        ))}
        {listError('categories')}
        {categories.length < MARATHON_CATEGORIES_MAX ? <div>{intent('mais-categoria', 'Adicionar categoria')}</div> : null}
        {challenges.map((i, n) => (
          <div key={i} role="group" aria-label={`Desafio ${n + 1}`} className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-3">
            <p className="font-semibold">Desafio {n + 1}</p>
            {select(
              `challenge-${i}-category`,
              'Categoria',
              categories.map((c, k) => [String(k), value(`category-${c}-name`) || `Categoria ${k + 1}`] as const),
            )}
            {select(`challenge-${i}-kind`, 'Tipo', [
              ['leitura', 'Leitura (livros vinculados)'],
              ['atividade', 'Atividade (marcar como feita)'],
            ])}
            <TextArea
              label="Descrição"
              name={`challenge-${i}-description`}
              rows={2}
              maxLength={CHALLENGE_DESCRIPTION_MAX}
              defaultValue={value(`challenge-${i}-description`)}
              error={error(`challenge-${i}-description`)}
            />
            <div className="grid gap-3 sm:grid-cols-2">
              {text(`challenge-${i}-points`, 'Pontos', { inputMode: 'numeric' })}
              {text(`challenge-${i}-revealsOn`, 'Revelar em (opcional)', { type: 'date', hint: 'Em branco: aparece desde o início.' })}
            </div>
            {mode === 'levels' ? (
              select(`challenge-${i}-level`, 'Nível (opcional)', [
                ['', 'Todos os níveis'],
                ...groups.map((g, k) => [String(k), value(`group-${g}-name`) || `Nível ${k + 1}`] as const),
              ])
            ) : (
              <input type="hidden" name={`challenge-${i}-level`} value="" />
            )}
            {challenges.length > 1 ? <div>{intent(`remover-desafio-${n}`, `Tirar o desafio ${n + 1}`, 'quiet')}</div> : null}
          </div>
        ))}
        {listError('challenges')}
        {challenges.length < MARATHON_CHALLENGES_MAX ? <div>{intent('mais-desafio', 'Adicionar desafio')}</div> : null}
      </fieldset>

      <fieldset hidden={step !== 'visibilidade'} className="flex flex-col gap-4">
        <legend className="mb-2 font-serif text-2xl font-semibold">Quem pode ver</legend>
        {select(
          'visibility',
          'Quem pode ver e se inscrever',
          MARATHON_VISIBILITIES.filter((v) => v !== 'clube' || value('organizer').startsWith('clube:')).map((v) => [v, VISIBILITY_LABELS[v]] as const),
        )}
      </fieldset>

      <div className="flex flex-wrap gap-2">
        {index > 0 ? intent('voltar', 'Voltar') : null}
        {step === 'visibilidade' ? intent('criar', 'Criar maratona', 'accent') : intent('avancar', 'Continuar', 'accent')}
      </div>
    </Form>
  );
}
