import { Pagination } from '~/components/ui/pagination';
import type { EditionReview, Paged } from '../types';
import { ReviewCard } from './review-card';

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
