import { Link } from '~/components/link';
import { activityWhen } from '../activities/when';
import type { HomeClub } from '../home-card.server';
import { ClubAvatar } from './club-avatar';

/** /home's "Meus clubes": new posts of the week and the next activity of each club, or a way to find one. */
export function HomeClubsCard({ clubs, total }: { clubs: readonly HomeClub[]; total: number }) {
  return (
    <section aria-labelledby="meus-clubes" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="meus-clubes" className="font-serif text-xl font-semibold">
          Meus clubes
        </h2>
        {total > 0 ? <Link to="/clube">{total > clubs.length ? `Ver os ${total}` : 'Ver todos'}</Link> : null}
      </div>
      {clubs.length ? (
        <ul className="flex flex-col gap-3">
          {clubs.map((club) => (
            <li key={club.slug} className="flex gap-3">
              <ClubAvatar club={club} size={40} />
              <div className="flex min-w-0 flex-col">
                <Link to={`/clube/${club.slug}`} className="font-semibold">
                  {club.name}
                </Link>
                <span className="text-sm text-muted">
                  {club.newPosts ? (
                    <Link to={`/clube/${club.slug}/posts`}>{club.newPosts === 1 ? '1 post novo esta semana' : `${club.newPosts} posts novos esta semana`}</Link>
                  ) : (
                    'Nenhum post novo esta semana'
                  )}
                </span>
                {club.nextActivity ? (
                  <span className="text-sm">
                    Próxima: {club.nextActivity.title} · <time dateTime={club.nextActivity.startsAt}>{activityWhen(club.nextActivity)}</time>
                  </span>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm">
          Leia junto com outras pessoas. <Link to="/clubes">Encontre um clube</Link> ou <Link to="/criar">crie o seu</Link>.
        </p>
      )}
    </section>
  );
}
