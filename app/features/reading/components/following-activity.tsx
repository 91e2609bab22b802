import { Link } from '~/components/link';
import { ReaderAvatarLink, ReaderLink } from '~/features/profiles/components/reader-link';
import { formatDate } from '~/lib/format';
import type { FollowingActivity } from '../types';
import type { ShelfStatus } from '../vocabulary';

const VERBS: Record<ShelfStatus, string> = {
  want_to_read: 'quer ler',
  reading: 'está lendo',
  read: 'terminou',
  abandoned: 'abandonou',
  paused: 'pausou',
};

/** "Atividade de quem você segue": shelf changes of followed readers (their atts have their own section above). */
export function FollowingActivityFeed({ items }: { items: FollowingActivity[] }) {
  return (
    <section aria-labelledby="atividade" className="flex flex-col gap-3">
      <h2 id="atividade" className="font-serif text-xl font-semibold">
        Atividade de quem você segue
      </h2>
      {items.length === 0 ? (
        <p className="text-muted">Quando as pessoas que você segue começarem ou terminarem um livro, aparece aqui.</p>
      ) : (
        <ol className="flex flex-col divide-y divide-line">
          {items.map((item) => (
            <li key={item.id} className="flex items-start gap-3 py-3">
              <ReaderAvatarLink reader={item.reader} size={36} />
              <p className="min-w-0">
                <ReaderLink reader={item.reader} className="font-medium" /> {VERBS[item.status]}{' '}
                <Link to={`/ed/${item.edition.id}`} className="font-serif italic">
                  {item.edition.title}
                </Link>
                <span className="block text-sm text-muted">{formatDate(item.at)}</span>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
