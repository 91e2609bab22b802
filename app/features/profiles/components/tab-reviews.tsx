import { Pagination } from '~/components/ui/pagination';
import { ReviewCard } from '~/features/reading/components/review-card';
import type { TabData } from '../types';

/** The reader's published reviews the viewer may see, newest first, each under the book it is about. */
export function ReviewsTab({ data, mine, search }: { data: Extract<TabData, { tab: 'resenhas' }>; mine: boolean; search: string }) {
  const { reviews } = data;
  if (reviews.items.length === 0) {
    return (
      <p className="text-muted">
        {mine ? 'Você ainda não publicou resenhas. Escreva a sua na página de um livro da sua estante.' : 'Nenhuma resenha por aqui ainda.'}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Resenhas" className="flex flex-col gap-4">
        {reviews.items.map((review) => (
          <ReviewCard key={review.id} review={review} edition={review.edition} />
        ))}
      </ul>
      <Pagination page={reviews.page} pageSize={reviews.pageSize} total={reviews.total} search={search} />
    </div>
  );
}
