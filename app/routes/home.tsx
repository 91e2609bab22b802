import { Link } from '~/components/link';
import type { Route } from './+types/home';
import { ButtonLink } from '~/components/ui/button';
import { FormMessage } from '~/components/ui/field';
import { Foca } from '~/components/ui/foca';
import { HomeAtts } from '~/features/atts/components/home-atts';
import { HOME_ATTS_MAX } from '~/features/atts/policy';
import { HomeClubsCard } from '~/features/clubs/components/home-clubs-card';
import { listHomeClubs } from '~/features/clubs/home-card.server';
import { CommentersLine, HomeGroupReadsCard } from '~/features/lcs/components/home-group-reads-card';
import { listHomeGroupReads } from '~/features/lcs/home-card.server';
import { listHomeCommenters } from '~/features/lcs/home-commenters.server';
import { listAtts } from '~/features/atts/queries.server';
import { HomeFocusCard } from '~/features/focus/components/home-focus-card';
import { getFocusToday } from '~/features/focus/queries.server';
import { HomeMarathonsCard } from '~/features/marathons/components/home-marathons-card';
import { listHomeMarathons } from '~/features/marathons/home-card.server';
import { FollowingActivityFeed } from '~/features/reading/components/following-activity';
import { CurrentlyReading, ReadingGoalForm } from '~/features/reading/components/home-reading';
import { ReadingGoalCard } from '~/features/reading/components/reading-goal-card';
import { yearInSaoPaulo } from '~/features/reading/goals/goals';
import { myReadingGoal, setReadingGoal } from '~/features/reading/goals/goals.server';
import { hasShelfEntries, listCurrentlyReading, listFollowingActivity } from '~/features/reading/home.server';
import { logProgress } from '~/features/reading/progress/progress.server';
import { homeActionInput } from '~/features/reading/validation';
import { ReaderSuggestions } from '~/features/social/components/reader-suggestions';
import { listReaderSuggestions } from '~/features/social/suggestions.server';
import { HomeWhispersCard } from '~/features/whispers/components/home-whispers-card';
import { listHomeWhispers } from '~/features/whispers/queries.server';
import { isFailure, isSuccess } from '~/lib/form-result';
import { failureFromError, parseForm } from '~/server/forms.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Início · Maratona' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  const year = yearInSaoPaulo();
  const [reading, goal, suggestions, activity, atts, clubs, groupReads, marathons, focus, whispers] = await Promise.all([
    listCurrentlyReading(viewer),
    myReadingGoal(viewer, year),
    listReaderSuggestions(viewer),
    listFollowingActivity(viewer),
    listAtts(viewer, { kind: 'following' }, { limit: HOME_ATTS_MAX }),
    listHomeClubs(viewer),
    listHomeGroupReads(viewer),
    listHomeMarathons(viewer),
    getFocusToday(viewer),
    // No statement when the session's count says nothing is unread.
    listHomeWhispers(viewer),
  ]);
  const commenters = await listHomeCommenters(
    viewer,
    groupReads.groupReads.map((lc) => lc.id),
  );
  // Whoever is reading something has started; only an empty "Lendo agora" asks whether the bookshelf is empty.
  const started = reading.length > 0 || (await hasShelfEntries(viewer));
  return {
    name: viewer.name,
    emailVerified: viewer.emailVerified,
    started,
    reading,
    goal,
    suggestions,
    activity,
    atts,
    clubs,
    groupReads,
    commenters,
    marathons,
    focus,
    whispers,
  };
}

/** The goal form and the one-tap progress of the books being read: always the viewer's own. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const parsed = parseForm(await request.formData(), homeActionInput);
  if (!parsed.ok) return parsed.failure;
  const input = parsed.value;
  try {
    if (input.intent === 'meta') {
      await setReadingGoal(viewer, yearInSaoPaulo(), input);
      return { success: 'Meta salva.' };
    }
    const { advanced, fraction } = await logProgress(viewer, input.edition, input);
    if (fraction >= 1) return { success: 'Você chegou ao fim! Abra o livro para marcar como lido e dar sua nota.' };
    return { success: advanced ? 'Progresso registrado.' : 'Atualização registrada; seu progresso já estava mais adiante.' };
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}

function FirstRun() {
  return (
    <section
      aria-labelledby="primeiro-livro"
      className="flex flex-col items-start gap-4 rounded-xl border border-line bg-surface p-6 sm:flex-row sm:items-center"
    >
      <Foca mood="curious" size={120} />
      <div className="flex flex-col items-start gap-3">
        <h2 id="primeiro-livro" className="font-serif text-xl font-semibold">
          Sua estante está vazia
        </h2>
        <p>Procure no catálogo o livro que você está lendo (ou quer ler) e coloque na sua estante. Daqui você acompanha o progresso e a sua meta do ano.</p>
        <div className="flex flex-wrap gap-3">
          <ButtonLink to="/catalogo" variant="accent">
            Adicionar meu primeiro livro
          </ButtonLink>
          <ButtonLink to="/configuracoes/importar" variant="secondary">
            Importar do Goodreads ou StoryGraph
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const { started, reading, goal, suggestions, activity, atts, clubs, groupReads, commenters, marathons, focus, whispers } = loaderData;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="font-serif text-3xl font-bold">Olá, {loaderData.name}!</h1>
        <Link to="/estante">Minha estante</Link>
      </div>
      {!loaderData.emailVerified ? (
        <p className="rounded-lg border border-line bg-surface p-3">
          Confirme seu e-mail para publicar e sussurrar. Não chegou? <Link to="/configuracoes/conta#email">Reenviar o link</Link>.
        </p>
      ) : null}
      <FormMessage tone="success">{isSuccess(actionData) ? actionData.success : null}</FormMessage>
      <FormMessage>{isFailure(actionData) ? actionData.formError : null}</FormMessage>
      {started ? <CurrentlyReading books={reading} result={actionData} /> : <FirstRun />}
      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-8">
          <HomeAtts page={atts} />
          <FollowingActivityFeed items={activity} />
        </div>
        <div className="order-first flex flex-col gap-8 lg:order-none">
          <HomeWhispersCard conversations={whispers.conversations} total={whispers.total} />
          <ReadingGoalCard goal={goal}>
            <ReadingGoalForm goal={goal} result={actionData} />
          </ReadingGoalCard>
          <HomeGroupReadsCard
            groupReads={groupReads.groupReads}
            total={groupReads.total}
            aside={(lc) => <CommentersLine slug={lc.slug} commenters={commenters[lc.id]} />}
          />
          <HomeFocusCard minutesToday={focus.minutesToday} running={focus.running} serverNow={focus.serverNow} />
          <HomeMarathonsCard marathons={marathons.marathons} total={marathons.total} />
          <HomeClubsCard clubs={clubs.clubs} total={clubs.total} />
          <ReaderSuggestions readers={suggestions} />
        </div>
      </div>
    </div>
  );
}
