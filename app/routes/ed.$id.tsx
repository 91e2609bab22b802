import { data } from 'react-router';
import type { Route } from './+types/ed.$id';
import { EditionAbout, EditionPage } from '~/features/catalog/components/edition-page';
import { loadEditionOr404 } from '~/features/catalog/edition-page.server';
import { editionMeta } from '~/features/catalog/seo';
import { ProgressPanel } from '~/features/reading/components/progress-panel';
import { ShelfPanel } from '~/features/reading/components/shelf-panel';
import { rateShelfEntry, removeShelfEntry, setEntryCopy, setFavorite, setShelfStatus } from '~/features/reading/mutations.server';
import { correctProgress, getMyProgress, logProgress } from '~/features/reading/progress.server';
import { listShelfChoices } from '~/features/reading/shelf-queries.server';
import { addToShelf, removeFromShelf } from '~/features/reading/shelves.server';
import { getMyShelfEntry } from '~/features/reading/queries.server';
import { STATUS_LABELS } from '~/features/reading/statuses';
import { shelfActionInput } from '~/features/reading/validation';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';
import { failureFromError, parseForm } from '~/server/forms.server';
import { getViewer, requireViewer } from '~/server/viewer.server';

export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = ({ data }) => (data ? editionMeta(data.edition, data.origin) : [{ title: 'Edição não encontrada — Maratona' }]);

export async function loader({ request, params }: Route.LoaderArgs) {
  const { edition, origin, cacheHeaders } = await loadEditionOr404(params.id);
  // Visitors get the cached page; a signed-in reader's copy is private (root middleware) and has their entry.
  const viewer = await getViewer(request);
  const [entry, shelves] = viewer ? await Promise.all([getMyShelfEntry(viewer, edition.id), listShelfChoices(viewer, edition.id)]) : [null, []];
  const progress = viewer && entry && (entry.status === 'reading' || entry.status === 'paused') ? await getMyProgress(viewer, edition.id, edition) : null;
  return data({ edition, origin, signedIn: viewer !== null, entry, shelves, progress }, { headers: cacheHeaders });
}

/** The shelf panel's forms: status, rating, favourite, copy and notes, custom shelves, progress, removal — always the viewer's own entry. */
export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireViewer(request);
  const { edition } = await loadEditionOr404(params.id);
  const parsed = parseForm(await request.formData(), shelfActionInput);
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
        const { advanced, fraction } = await logProgress(viewer, edition.id, input);
        if (fraction >= 1) return { success: 'Você chegou ao fim! Marque como lido e dê sua nota.' };
        return { success: advanced ? 'Progresso registrado.' : 'Atualização registrada; seu progresso já estava mais adiante (para voltar, use “Corrigir progresso”).' };
      }
      case 'corrigir-progresso':
        await correctProgress(viewer, edition.id, input.correctedValue, input.correctedUnit);
        return { success: 'Progresso corrigido.' };
    }
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}

export default function EditionRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <EditionPage edition={loaderData.edition}>
      <ShelfPanel editionId={loaderData.edition.id} signedIn={loaderData.signedIn} entry={loaderData.entry} shelves={loaderData.shelves} result={actionData}>
        {loaderData.progress ? <ProgressPanel edition={loaderData.edition} progress={loaderData.progress} result={actionData} /> : null}
      </ShelfPanel>
      <EditionAbout edition={loaderData.edition} />
    </EditionPage>
  );
}
