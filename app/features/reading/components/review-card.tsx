import { Link } from '~/components/link';
import { Prose } from '~/components/ui/prose';
import { EditionCover } from '~/features/catalog/components/edition-cover';
import type { CoverCard } from '~/features/catalog/types';
import { HiddenNotice } from '~/features/moderation/components/hidden-notice';
import { ReportLink } from '~/features/moderation/components/report-link';
import { ReaderAvatarLink, ReaderLink } from '~/features/profiles/components/reader-link';
import { formatDate } from '~/lib/format';
import { MOOD_LABELS, PACING_LABELS } from '../vocabulary';
import type { EditionReview } from '../types';
import { RatingStars } from './rating-stars';

function ReviewTraits({ review }: { review: EditionReview }) {
  const tags = [...review.moods.map((mood) => MOOD_LABELS[mood]), ...(review.pacing ? [`Ritmo ${PACING_LABELS[review.pacing].toLowerCase()}`] : [])];
  return (
    <>
      {tags.length > 0 ? (
        <ul aria-label="Clima e ritmo" className="flex flex-wrap gap-2 text-sm">
          {tags.map((tag) => (
            <li key={tag} className="rounded-full border border-line px-2 py-0.5">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      {review.contentWarnings.length > 0 ? <p className="text-sm text-muted">Avisos de conteúdo: {review.contentWarnings.join(', ')}</p> : null}
    </>
  );
}

/** "12 de março de 2026 · editada · só para seguidores". */
function ReviewDate({ review }: { review: EditionReview }) {
  return (
    <span className="text-sm text-muted">
      {formatDate(review.publishedAt)}
      {review.edited ? ' · editada' : ''}
      {review.visibility === 'seguidores' ? ' · só para seguidores' : review.visibility === 'privado' ? ' · privada' : ''}
    </span>
  );
}

/**
 * One review: who wrote it (on an edition's list) or which book it is about (on a reader's profile, `edition`),
 * the rating, the text (behind a "mostrar" when it has spoilers), moods and warnings.
 */
export function ReviewCard({ review, edition }: { review: EditionReview; edition?: CoverCard }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <div className="flex items-center gap-3">
        {edition ? (
          <>
            <Link to={`/ed/${edition.id}`} tabIndex={-1} aria-hidden="true">
              <EditionCover edition={edition} size="sm" />
            </Link>
            <div className="flex min-w-0 flex-col">
              <h2 className="font-serif text-lg font-semibold leading-snug">
                <Link to={`/ed/${edition.id}`} className="text-ink no-underline hover:underline">
                  {edition.title}
                </Link>
              </h2>
              <ReviewDate review={review} />
            </div>
          </>
        ) : (
          <>
            <ReaderAvatarLink reader={review.author} size={40} />
            <div className="flex flex-col">
              <span className="font-semibold">
                <ReaderLink reader={review.author} /> <span className="font-normal text-muted">@{review.author.username}</span>
              </span>
              <ReviewDate review={review} />
            </div>
          </>
        )}
        {review.rating != null ? (
          <span className="ml-auto shrink-0">
            <RatingStars rating={review.rating} size={18} />
          </span>
        ) : null}
      </div>
      {review.hidden ? <HiddenNotice kind="review" /> : null}
      <ReviewTraits review={review} />
      {review.spoiler ? (
        <details className="rounded-lg border border-line p-3">
          <summary className="min-h-11 cursor-pointer py-2 font-medium">Contém spoiler — mostrar</summary>
          <Prose html={review.html} className="font-serif" />
        </details>
      ) : (
        <Prose html={review.html} className="font-serif" />
      )}
      {review.mine ? null : (
        <span className="self-end">
          <ReportLink kind="review" id={review.id} label={edition ? `Denunciar resenha de ${edition.title}` : `Denunciar resenha de ${review.author.name}`} />
        </span>
      )}
    </li>
  );
}
