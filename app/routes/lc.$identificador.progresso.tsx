import { Form, useNavigation } from 'react-router';
import type { Route } from './+types/lc.$identificador.progresso';
import { Button } from '~/components/ui/button';
import { FormMessage, SelectField, TextField } from '~/components/ui/field';
import { ProgressBar, wholePercent } from '~/components/ui/progress-bar';
import { GroupReadHeader } from '~/features/lcs/components/group-read-header';
import { IntentButton } from '~/features/lcs/components/intent-button';
import { PaceChip } from '~/features/lcs/components/pace-chip';
import { runProgressAction } from '~/features/lcs/discussion-action.server';
import { daysLabel, rangeLabel } from '~/features/lcs/labels';
import { loadGroupReadForRoute } from '~/features/lcs/page.server';
import { saoPauloToday } from '~/features/lcs/policy';
import { passedLabel, scheduleStanding } from '~/features/lcs/progress';
import { type MyGroupReadBook, listMyGroupReadBooks, listMyStageProgress } from '~/features/lcs/progress.server';
import { listStages } from '~/features/lcs/queries.server';
import { UNIT_LABELS, UNIT_SLUGS } from '~/features/reading/progress/progress';
import { fieldError, isFailure, isSuccess, typed } from '~/lib/form-result';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [{ title: `Meu progresso · ${data.lc.title} · LC · Maratona` }] : [{ title: 'LC não encontrada · Maratona' }];

/** My progress against the schedule, and the form that logs it on the LC's books (through the reading domain). */
export async function loader(args: Route.LoaderArgs) {
  const viewer = await requireViewer(args);
  const lc = await loadGroupReadForRoute(args);
  if (lc.standing.status !== 'active') return { lc, mine: null };
  const [stages, marks, books] = await Promise.all([listStages(lc.id), listMyStageProgress(viewer, lc.id), listMyGroupReadBooks(viewer, lc.id)]);
  const today = saoPauloToday();
  const passed = new Set(marks.filter((m) => m.passed).map((m) => m.stageId));
  const byStage = new Map(marks.map((m) => [m.stageId, m]));
  return {
    lc,
    mine: {
      standing: scheduleStanding(stages, passed, today),
      stages: stages.map((stage) => ({ ...stage, mark: byStage.get(stage.id) ?? null, due: stage.endsOn < today })),
      books,
      showBooks: books.length > 1,
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewer(args);
  const lc = await loadGroupReadForRoute(args);
  return runProgressAction(viewer, lc.id, await args.request.formData());
}

function BookProgress({ book, result, busy }: { book: MyGroupReadBook; result: unknown; busy: boolean }) {
  const mine = typed(result, 'intent') === 'progresso' && typed(result, 'editionId') === book.editionId;
  const unit = UNIT_SLUGS[book.unit ?? book.preferredUnit];
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <h3 className="font-serif text-lg font-semibold">{book.title}</h3>
      <ProgressBar
        fraction={book.fraction ?? 0}
        label={book.finished ? 'Lido' : book.fraction === null ? 'Você ainda não começou' : `${wholePercent(book.fraction)} lido`}
      />
      {book.finished ? null : (
        <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-label={`Registrar progresso em ${book.title}`}>
          <input type="hidden" name="intent" value="progresso" />
          <input type="hidden" name="editionId" value={book.editionId} />
          <TextField
            label="Onde você está"
            name="value"
            inputMode="numeric"
            required
            defaultValue={mine ? typed(result, 'value') : (book.value?.toString() ?? '')}
            error={mine ? fieldError(result, 'value') : undefined}
          />
          <SelectField
            label="Unidade"
            name="unit"
            defaultValue={mine ? typed(result, 'unit', unit) : unit}
            error={mine ? fieldError(result, 'unit') : undefined}
          >
            {book.units.map((u) => (
              <option key={u} value={UNIT_SLUGS[u]}>
                {UNIT_LABELS[u]}
              </option>
            ))}
          </SelectField>
          <Button type="submit" disabled={busy}>
            Registrar progresso
          </Button>
        </Form>
      )}
      {mine && isFailure(result) && result.formError ? <FormMessage>{result.formError}</FormMessage> : null}
    </li>
  );
}

export default function MyProgressPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lc, mine } = loaderData;
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <GroupReadHeader lc={lc} current="progresso" />
      <FormMessage tone="success">{isSuccess(actionData) ? actionData.success : null}</FormMessage>
      {mine === null ? (
        <p>Entre na LC para acompanhar o seu progresso pelo cronograma.</p>
      ) : (
        <>
          <section aria-labelledby="meu-progresso" className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center gap-3">
              <h2 id="meu-progresso" className="font-serif text-xl font-semibold">
                Meu progresso
              </h2>
              <PaceChip pace={mine.standing.pace} />
            </div>
            <ProgressBar fraction={mine.standing.total ? mine.standing.passed / mine.standing.total : 0} label={passedLabel(mine.standing)} />
            <ul className="flex flex-col gap-3">
              {mine.books.map((book) => (
                <BookProgress key={book.editionId} book={book} result={actionData} busy={busy} />
              ))}
            </ul>
          </section>
          <section aria-labelledby="etapas" className="flex flex-col gap-3">
            <h2 id="etapas" className="font-serif text-xl font-semibold">
              Etapas
            </h2>
            <ol className="flex flex-col gap-2">
              {mine.stages.map((stage, i) => (
                <li key={stage.id} className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="flex flex-col">
                    <span className="font-semibold">
                      Etapa {i + 1}: {rangeLabel(stage)}
                    </span>
                    <span className="text-sm text-muted">
                      {mine.showBooks ? `${stage.editionTitle} · ` : ''}
                      {daysLabel(stage.startsOn, stage.endsOn)}
                    </span>
                  </div>
                  <div className="flex flex-wrap items-center gap-3">
                    <span className="text-sm font-semibold">{stage.mark?.passed ? 'Lida' : stage.due ? 'Atrasada' : 'A ler'}</span>
                    {stage.mark?.markable || stage.mark?.markedRead ? (
                      <IntentButton
                        intent={stage.mark.markedRead ? 'nao-li-etapa' : 'li-etapa'}
                        fields={{ stageId: stage.id }}
                        variant="secondary"
                        busy={busy}
                        label={`${stage.mark.markedRead ? 'Desmarcar' : 'Li'} a etapa ${i + 1}`}
                      >
                        {stage.mark.markedRead ? 'Desmarcar' : 'Li esta etapa'}
                      </IntentButton>
                    ) : null}
                  </div>
                </li>
              ))}
            </ol>
            <FormMessage>{isFailure(actionData) && typed(actionData, 'intent') !== 'progresso' ? (actionData.formError ?? null) : null}</FormMessage>
          </section>
        </>
      )}
    </div>
  );
}
