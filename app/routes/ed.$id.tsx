import { data, redirect } from 'react-router';
import type { Route } from './+types/ed.$id';
import { EditionAbout, EditionPage } from '~/features/catalog/components/edition-page';
import { loadEditionOr404 } from '~/features/catalog/edition-page.server';
import { FinishedAttForm, ProgressAttOption } from '~/features/atts/components/att-fields';
import { finishedAttFrom, progressAttFrom } from '~/features/atts/forms.server';
import { postAtt, prepareAtt, publishAtt, publishReviewAtt } from '~/features/atts/mutations.server';
import { editionMeta } from '~/features/catalog/seo';
import { EditionGroupReads } from '~/features/lcs/components/edition-group-reads';
import { listEditionGroupReads } from '~/features/lcs/edition-list.server';
import { ProgressPanel } from '~/features/reading/components/progress-panel';
import { ReviewPanel } from '~/features/reading/components/review-panel';
import { getMyReview } from '~/features/reading/reviews/queries.server';
import { reviewAttText } from '~/features/reading/reviews/att-text';
import { reviewFormExtra } from '~/features/reading/reviews/validation';
import { deleteReview, publishReview, saveReviewDraft, setReadingTraits, unpublishReview } from '~/features/reading/reviews/reviews.server';
import { ShelfPanel } from '~/features/reading/components/shelf-panel';
import { usePosting } from '~/features/reading/components/use-posting';
import { rateShelfEntry, removeShelfEntry, setEntryCopy, setFavorite, setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { correctProgress, getMyProgress, logProgress } from '~/features/reading/progress/progress.server';
import { listShelfChoices } from '~/features/reading/shelves/custom-shelf-queries.server';
import { addToShelf, removeFromShelf } from '~/features/reading/shelves/custom-shelves.server';
import { getMyShelfEntry } from '~/features/reading/shelves/queries.server';
import { STATUS_LABELS } from '~/features/reading/statuses';
import { shelfActionInput } from '~/features/reading/shelves/validation';
import { publicPageHeadersFromLoader, withCacheTags } from '~/server/cache-headers';
import { failureFromError, parseForm } from '~/server/forms.server';
import { getViewer, requireViewer } from '~/server/viewer.server';

export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = ({ data }) => (data ? editionMeta(data.edition, data.origin) : [{ title: 'Edição não encontrada · Maratona' }]);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { edition, origin, cacheHeaders } = await loadEditionOr404(params.id);
  // Visitors get the cached page; a signed-in reader's copy is private (root middleware) and has their entry.
  const viewer = await getViewer({ request, context });
  const [[entry, shelves], groupReads] = await Promise.all([
    viewer ? Promise.all([getMyShelfEntry(viewer, edition.id), listShelfChoices(viewer, edition.id)]) : ([null, []] as [null, never[]]),
    listEditionGroupReads(viewer, edition.id),
  ]);
  const [progress, review] =
    viewer && entry
      ? await Promise.all([
          entry.status === 'reading' || entry.status === 'paused' ? getMyProgress(viewer, edition.id, edition) : null,
          getMyReview(viewer, edition.id),
        ])
      : [null, null];
  return data(
    {
      edition,
      origin,
      signedIn: viewer !== null,
      verified: viewer?.emailVerified ?? false,
      entry,
      shelves,
      progress,
      review,
      groupReads: groupReads.groupReads,
    },
    { headers: withCacheTags(cacheHeaders, groupReads.tags) },
  );
}

/** The shelf panel's forms: status, rating, favourite, copy and notes, custom shelves, progress, review, removal — always the viewer's own entry. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const { edition } = await loadEditionOr404(params.id);
  const form = await request.formData();
  if (form.get('intent') === 'publicar-att') {
    const att = finishedAttFrom(form, edition.id);
    if (!att.ok) return att.failure;
    try {
      return redirect(`/att/${await postAtt(viewer, att.value)}`);
    } catch (error) {
      return failureFromError(error, att.fields);
    }
  }
  const parsed = parseForm(form, shelfActionInput, reviewFormExtra(form));
  if (!parsed.ok) return parsed.failure;
  const input = parsed.value;
  try {
    switch (input.intent) {
      case 'situacao':
        await setShelfStatus(viewer, edition.id, input.status);
        return { success: `Na sua estante como “${STATUS_LABELS[input.status]}”.` };
      case 'avaliar':
        await rateShelfEntry(viewer, edition.id, input.rating);
        return { success: 'Nota salva.' };
      case 'tirar-nota':
        await rateShelfEntry(viewer, edition.id, null);
        return { success: 'Nota retirada.' };
      case 'favorito':
        await setFavorite(viewer, edition.id, input.favorite);
        return { success: input.favorite ? 'Marcado como favorito.' : 'Não é mais favorito.' };
      case 'exemplar':
        await setEntryCopy(viewer, edition.id, input);
        return { success: 'Exemplar e notas salvos.' };
      case 'adicionar-a-estante':
        return { success: `Adicionado a “${await addToShelf(viewer, input.shelf, { editionId: edition.id })}”.` };
      case 'tirar-da-estante':
        return { success: `Tirado de “${await removeFromShelf(viewer, input.shelf, { editionId: edition.id })}”.` };
      case 'remover':
        await removeShelfEntry(viewer, edition.id);
        return { success: 'Tirado da sua estante.' };
      case 'progresso': {
        // The att is checked (photos included) before the update is logged: a refused photo loses nothing.
        const att = await progressAttFrom(viewer, form, edition.id, input.comment);
        if (!att.ok) return att.failure;
        const { advanced, fraction, entryId } = await logProgress(viewer, edition.id, input);
        const posted = att.prepared ? ` Publicado como att.` : '';
        if (att.prepared) await publishAtt(viewer, att.prepared, entryId);
        if (fraction >= 1) return { success: `Você chegou ao fim! Marque como lido e dê sua nota.${posted}` };
        return {
          success: advanced
            ? `Progresso registrado.${posted}`
            : `Atualização registrada; seu progresso já estava mais adiante (para voltar, use “Corrigir progresso”).${posted}`,
        };
      }
      case 'corrigir-progresso':
        await correctProgress(viewer, edition.id, input.correctedValue, input.correctedUnit);
        return { success: 'Progresso corrigido.' };
      // --- review (decision 0020): the draft and the feelings are saved by both buttons
      case 'rascunho':
        await setReadingTraits(viewer, edition.id, input);
        await saveReviewDraft(viewer, edition.id, input);
        return { success: 'Rascunho salvo.' };
      case 'publicar': {
        // "Publicar também como att": checked first (verified e-mail, 60 an hour), so a refused att publishes
        // nothing; then the review and its att are written in one transaction.
        const att = input.att
          ? await prepareAtt(viewer, {
              editionId: edition.id,
              kind: 'review',
              text: reviewAttText(input.body),
              spoiler: input.spoiler,
              visibility: input.visibility,
              images: [],
            })
          : null;
        await setReadingTraits(viewer, edition.id, input);
        await publishReview(viewer, edition.id, input, att ? (tx) => publishReviewAtt(tx, viewer, att) : undefined);
        return { success: att ? 'Resenha publicada, também como att.' : 'Resenha publicada.' };
      }
      case 'despublicar':
        await unpublishReview(viewer, edition.id);
        return { success: 'Resenha despublicada; o texto ficou no rascunho.' };
      case 'excluir-resenha':
        await deleteReview(viewer, edition.id);
        return { success: 'Resenha excluída.' };
    }
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}

export default function EditionRoute({ loaderData, actionData }: Route.ComponentProps) {
  const busy = usePosting();
  return (
    <EditionPage edition={loaderData.edition}>
      <ShelfPanel editionId={loaderData.edition.id} signedIn={loaderData.signedIn} entry={loaderData.entry} shelves={loaderData.shelves} result={actionData}>
        {loaderData.progress ? (
          <ProgressPanel
            edition={loaderData.edition}
            progress={loaderData.progress}
            result={actionData}
            extraFields={<ProgressAttOption result={actionData} verified={loaderData.verified} />}
          />
        ) : null}
        {loaderData.entry?.status === 'read' ? <FinishedAttForm result={actionData} verified={loaderData.verified} busy={busy} /> : null}
      </ShelfPanel>
      {loaderData.entry ? (
        <ReviewPanel editionId={loaderData.edition.id} entry={loaderData.entry} review={loaderData.review} verified={loaderData.verified} result={actionData} />
      ) : null}
      <EditionAbout edition={loaderData.edition} />
      <EditionGroupReads groupReads={loaderData.groupReads} />
    </EditionPage>
  );
}
