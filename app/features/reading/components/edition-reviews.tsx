import { Avatar } from '~/components/ui/avatar';
import { Pagination } from '~/components/ui/pagination';
import { Prose } from '~/components/ui/prose';
import { HiddenNotice } from '~/features/moderation/components/hidden-notice';
import { ReportLink } from '~/features/moderation/components/report-link';
import { formatDate } from '~/lib/format';
import { MOOD_LABELS, PACING_LABELS } from '../review-vocabulary';
import type { EditionReview, Paged } from '../types';
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

/** One review: the author, the rating, the text (behind a "mostrar" when it has spoilers), moods and warnings. */
function ReviewCard({ review }: { review: EditionReview }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <div className="flex items-center gap-3">
        <Avatar name={review.author.name} image={review.author.image} />
        <div className="flex flex-col">
          <span className="font-semibold">
            {review.author.name} <span className="font-normal text-muted">@{review.author.username}</span>
          </span>
          <span className="text-sm text-muted">
            {formatDate(review.publishedAt)}
            {review.edited ? ' · editada' : ''}
            {review.visibility === 'seguidores' ? ' · só para seguidores' : review.visibility === 'privado' ? ' · privada' : ''}
          </span>
        </div>
        {review.rating != null ? (
          <span className="ml-auto">
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
          <ReportLink kind="review" id={review.id} label={`Denunciar resenha de ${review.author.name}`} />
        </span>
      )}
    </li>
  );
}

/** The edition's `resenhas` tab: published reviews the viewer may see, newest first. */
export function EditionReviews({ title, reviews, search }: { title: string; reviews: Paged<EditionReview>; search: string }) {
  return (
    <section aria-labelledby="resenhas" className="flex flex-col gap-3">
      <h2 id="resenhas" className="font-serif text-xl font-semibold">
        Resenhas de {title}
      </h2>
      {reviews.items.length > 0 ? (
        <ul className="flex flex-col gap-4">
          {reviews.items.map((review) => (
            <ReviewCard key={review.id} review={review} />
          ))}
        </ul>
      ) : (
        <p className="text-muted">Nenhuma resenha ainda. Leu este livro? Coloque-o na sua estante e escreva a primeira na aba Sobre.</p>
      )}
      <Pagination page={reviews.page} pageSize={reviews.pageSize} total={reviews.total} search={search} />
    </section>
  );
}
