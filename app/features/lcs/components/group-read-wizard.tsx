import { Form, useNavigation } from 'react-router';
import { Button } from '~/components/ui/button';
import { WizardSteps } from '~/components/ui/wizard-steps';
import { FormMessage, SelectField, TextArea, TextField } from '~/components/ui/field';
import { EditionPicker } from '~/features/clubs/activities/components/edition-picker';
import { editionIdFrom } from '~/features/clubs/activities/validation';
import { GROUP_READ_DESCRIPTION_MAX, GROUP_READ_EDITIONS_MAX, GROUP_READ_TITLE_MAX } from '../policy';
import { WIZARD_STEPS, type WizardStep, rowIndexes } from '../validation';
import type { WizardState } from '../wizard.server';
import { StageFields } from './stage-fields';
import { VisibilityField } from './visibility-field';

const STEP_LABELS: Record<WizardStep, string> = { livros: 'Livros', datas: 'Datas', cronograma: 'Cronograma', detalhes: 'Detalhes' };

/**
 * The /criar/lc wizard: every step's fields are in the form at once (the other steps' hidden), so each press of a
 * button sends the whole LC and the server answers with it again — nothing typed is lost going back or on an error.
 */
export function GroupReadWizard({ state, clubs }: { state: WizardState; clubs: readonly { id: string; name: string }[] }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const { step, fields, fieldErrors, books } = state;
  const value = (name: string) => fields[name] ?? '';
  const error = (name: string) => fieldErrors[name];
  const index = WIZARD_STEPS.indexOf(step);
  const editions = rowIndexes(fields, 'edition');
  const stages = rowIndexes(fields, 'stage');
  const materials = rowIndexes(fields, 'material');
  const bookOf = (i: number) => books[editionIdFrom(value(`edition-${i}`)) ?? ''];
  const sending = navigation.formData?.get('intent');
  const intent = (name: string, label: string, variant: 'primary' | 'accent' | 'secondary' | 'quiet' | 'danger' = 'secondary') => (
    <Button type="submit" name="intent" value={name} variant={variant} disabled={busy} pending={busy && sending === name}>
      {label}
    </Button>
  );
  /** A field of the wizard as the server sent it back: its value, and its message beside it. */
  const text = (name: string, label: string, props: Omit<Parameters<typeof TextField>[0], 'name' | 'label'> = {}) => (
    <TextField label={label} name={name} defaultValue={value(name)} error={error(name)} {...props} />
  );
  return (
    <Form method="post" noValidate className="flex flex-col gap-6">
      {/* Enter in a field moves on, as "Continuar" does, rather than pressing the first button of the step. */}
      <button type="submit" name="intent" value={step === 'detalhes' ? 'criar' : 'avancar'} tabIndex={-1} aria-hidden="true" className="sr-only" />
      <input type="hidden" name="step" value={step} />
      <input type="hidden" name="scheduleSource" value={value('scheduleSource')} />
      <input type="hidden" name="scheduleGenerated" value={value('scheduleGenerated')} />
      <WizardSteps steps={WIZARD_STEPS} current={step} labels={STEP_LABELS} />
      <FormMessage>{state.formError ?? null}</FormMessage>

      <fieldset hidden={step !== 'livros'} className="flex flex-col gap-4">
        <legend className="mb-2 font-serif text-2xl font-semibold">Quais livros a LC vai ler?</legend>
        {editions.map((i, n) => (
          <div key={`${i}-${value(`edition-${i}`)}`} className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-3">
            <EditionPicker name={`edition-${i}`} defaultValue={value(`edition-${i}`)} defaultTitle={bookOf(i)?.title ?? null} error={error(`edition-${i}`)} />
            {text(`edition-${i}-pages`, 'Páginas (para o cronograma)', {
              inputMode: 'numeric',
              hint: bookOf(i)?.pages
                ? `Em branco: as ${bookOf(i)!.pages!.toLocaleString('pt-BR')} páginas do catálogo.`
                : 'Em branco: o número de páginas do catálogo.',
            })}
            {editions.length > 1 ? <div>{intent(`remover-livro-${n}`, `Tirar o ${n + 1}º livro`, 'quiet')}</div> : null}
          </div>
        ))}
        {editions.length < GROUP_READ_EDITIONS_MAX ? <div>{intent('mais-livro', 'Adicionar outro livro')}</div> : null}
      </fieldset>

      <fieldset hidden={step !== 'datas'} className="flex flex-col gap-4">
        <legend className="mb-2 font-serif text-2xl font-semibold">Quando?</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('startsOn', 'Início', { type: 'date' })}
          {text('endsOn', 'Fim', { type: 'date' })}
        </div>
        {text('stageCount', 'Número de etapas', {
          inputMode: 'numeric',
          hint: 'Em branco: uma etapa por semana. As páginas são divididas por igual entre os dias.',
        })}
      </fieldset>

      <fieldset hidden={step !== 'cronograma'} className="flex flex-col gap-4">
        <legend className="mb-2 font-serif text-2xl font-semibold">Cronograma</legend>
        <p className="text-sm text-muted">Geramos as etapas dividindo as páginas por igual entre as datas. Ajuste o que quiser.</p>
        {state.confirmRegenerate ? (
          <div role="alert" className="flex flex-col items-start gap-2 rounded-xl border border-coral bg-surface p-3">
            <p className="text-sm">
              Os livros ou as datas mudaram depois que você editou as etapas. Gerar de novo substitui as suas etapas pelas novas; se preferir, mantenha e ajuste
              à mão.
            </p>
            {intent('gerar-confirmado', 'Gerar de novo e substituir as etapas', 'danger')}
          </div>
        ) : null}
        {stages.map((i, n) => (
          <div key={i} role="group" aria-label={`Etapa ${n + 1}`} className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-3">
            <p className="font-semibold">Etapa {n + 1}</p>
            <StageFields i={i} books={editions.map((e, k) => bookOf(e)?.title ?? `${k + 1}º livro`)} value={value} error={error} />
            {stages.length > 1 ? <div>{intent(`remover-etapa-${n}`, `Tirar a etapa ${n + 1}`, 'quiet')}</div> : null}
          </div>
        ))}
        {error('stages') ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {error('stages')}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {intent('mais-etapa', 'Adicionar etapa')}
          {intent('gerar', 'Gerar de novo')}
        </div>
      </fieldset>

      <fieldset hidden={step !== 'detalhes'} className="flex flex-col gap-4">
        <legend className="mb-2 font-serif text-2xl font-semibold">Detalhes</legend>
        <TextField
          label="Título"
          name="title"
          maxLength={GROUP_READ_TITLE_MAX}
          defaultValue={value('title') || (bookOf(editions[0] ?? 0) ? `LC de ${bookOf(editions[0] ?? 0)!.title}` : '')}
          error={error('title')}
        />
        <TextArea
          label="Descrição"
          name="description"
          maxLength={GROUP_READ_DESCRIPTION_MAX}
          defaultValue={value('description')}
          error={error('description')}
          hint="Markdown: **negrito**, _itálico_, listas e links."
        />
        {clubs.length ? (
          <SelectField label="Quem organiza" name="hostClubId" defaultValue={value('hostClubId')} error={error('hostClubId')}>
            <option value="">Eu</option>
            {clubs.map((club) => (
              <option key={club.id} value={club.id}>
                O clube {club.name}
              </option>
            ))}
          </SelectField>
        ) : (
          <input type="hidden" name="hostClubId" value="" />
        )}
        <VisibilityField defaultValue={value('visibility')} error={error('visibility')} clubHosted={clubs.length > 0} />
        {text('participantCap', 'Limite de participantes', {
          inputMode: 'numeric',
          hint: 'Em branco: sem limite. Com a LC cheia, quem chegar entra na lista de espera.',
        })}
        <div className="flex flex-col gap-3">
          <p className="font-medium">Materiais (links)</p>
          {materials.map((i, n) => (
            <div key={i} role="group" aria-label={`Material ${n + 1}`} className="grid gap-3 rounded-xl border border-line bg-surface p-3 sm:grid-cols-2">
              {text(`material-${i}-title`, 'Título do material')}
              {text(`material-${i}-url`, 'Link', { type: 'url', placeholder: 'https://…' })}
              <div>{intent(`remover-material-${n}`, `Tirar o material ${n + 1}`, 'quiet')}</div>
            </div>
          ))}
          <div>{intent('mais-material', 'Adicionar material')}</div>
        </div>
      </fieldset>

      <div className="flex flex-wrap justify-between gap-2 border-t border-line pt-4">
        {index > 0 ? intent('voltar', 'Voltar') : <span />}
        {step === 'detalhes' ? intent('criar', 'Criar LC', 'accent') : intent('avancar', 'Continuar', 'primary')}
      </div>
    </Form>
  );
}
