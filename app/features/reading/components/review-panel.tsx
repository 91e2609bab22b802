import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormMessage } from '~/components/ui/field';
import { HiddenNotice } from '~/features/moderation/components/hidden-notice';
import { VISIBILITY_LABELS } from '~/features/social/vocabulary';
import { type FormResult, isFailure } from '~/lib/form-result';
import { formatDateTime } from '~/lib/format';
import type { MyReview, MyShelfEntry } from '../types';
import { ReviewForm } from './review-form';
import { usePosting } from './use-posting';

const REVIEW_INTENTS = ['rascunho', 'publicar', 'despublicar', 'excluir-resenha'];

/** "Sua resenha" on an edition page, for a reader who has the book on their bookshelf. */
export function ReviewPanel({
  editionId,
  entry,
  review,
  verified,
  result,
}: {
  editionId: string;
  entry: MyShelfEntry;
  review: MyReview | null;
  verified: boolean;
  result: FormResult | undefined;
}) {
  const busy = usePosting();
  const mine = isFailure(result) && REVIEW_INTENTS.includes(result.fields.intent ?? '');
  // A new saved state remounts the editor with what the server now holds.
  const version = `${review?.publishedAt ?? ''}|${review?.draftSavedAt ?? ''}|${mine ? 'falhou' : ''}`;
  return (
    <section aria-labelledby="sua-resenha" className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4">
      <h2 id="sua-resenha" className="font-serif text-xl font-semibold">
        Sua resenha
      </h2>
      {review?.hidden ? <HiddenNotice kind="review" /> : null}
      {review?.publishedAt ? (
        <p className="text-sm">
          Publicada em {formatDateTime(review.publishedAt)} · {VISIBILITY_LABELS[review.visibility]}
          {review.spoiler ? ' · com spoiler' : ''}
          {review.draftBody != null ? '. Você tem alterações não publicadas: o texto publicado continua no ar até você publicar de novo.' : ''}
        </p>
      ) : (
        <p className="text-sm text-muted">Conte o que achou. O rascunho é salvo enquanto você escreve; só você o vê até publicar.</p>
      )}
      {mine && result.formError ? <FormMessage>{result.formError}</FormMessage> : null}
      <ReviewForm key={version} editionId={editionId} entry={entry} review={review} verified={verified} result={result} busy={busy} />
      {review ? (
        <div className="flex flex-wrap items-start gap-4 border-t border-line pt-4">
          {review.publishedAt ? (
            <Form method="post">
              <input type="hidden" name="intent" value="despublicar" />
              <Button type="submit" variant="secondary" disabled={busy}>
                Despublicar
              </Button>
            </Form>
          ) : null}
          <details>
            <summary className="min-h-11 cursor-pointer py-2 text-sm text-muted">Excluir resenha</summary>
            <Form method="post" className="flex flex-col items-start gap-2">
              <input type="hidden" name="intent" value="excluir-resenha" />
              <p className="text-sm">O texto publicado e o rascunho serão apagados.</p>
              <Button type="submit" variant="danger" disabled={busy}>
                Excluir resenha
              </Button>
            </Form>
          </details>
        </div>
      ) : null}
    </section>
  );
}
