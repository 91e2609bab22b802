import { Link } from '~/components/link';
import { Avatar } from '~/components/ui/avatar';
import { Prose } from '~/components/ui/prose';
import { EditionCover } from '~/features/catalog/components/edition-cover';
import { formatDateTime } from '~/lib/format';
import type { ClubHome as Home } from '../home.server';
import { activityWhen } from '../activities/when';
import { ACTIVITY_KIND_LABELS } from '../labels';
import type { ClubDetail } from '../types';

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="font-serif text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The club's home tab: welcome (members), about, next activities, pinned posts, members reading now, rules. */
export function ClubHome({
  club,
  home,
  agenda,
  descriptionHtml,
  rulesHtml,
}: {
  club: ClubDetail;
  home: Home;
  /** The agenda feed's address: a member's carries their personal key (activities/feed.server.ts). */
  agenda: string;
  descriptionHtml: string;
  rulesHtml: string;
}) {
  const base = `/clube/${club.slug}`;
  return (
    <div className="grid gap-8 md:grid-cols-[2fr_1fr]">
      <div className="flex flex-col gap-8">
        {club.standing?.status === 'active' && club.welcomeText ? (
          <p className="rounded-xl border border-line bg-surface p-4" style={{ borderLeft: `4px solid ${club.accentColor}` }}>
            {club.welcomeText}
          </p>
        ) : null}
        <Section id="sobre" title="Sobre o clube">
          {club.description ? <Prose html={descriptionHtml} /> : <p className="text-muted">Este clube ainda não tem descrição.</p>}
        </Section>
        <Section id="fixados" title="Posts fixados">
          {home.pinned.length ? (
            <ul className="flex flex-col gap-3">
              {home.pinned.map((post) => (
                <li key={post.id} className="rounded-xl border border-line bg-surface p-4">
                  <Link to={`${base}/posts?post=${post.id}`} className="font-semibold">
                    {post.title}
                  </Link>
                  <Prose html={post.excerptHtml} className="text-sm" />
                  <p className="text-xs text-muted">
                    {post.author ? `@${post.author.username}` : 'leitor removido'} · {formatDateTime(post.createdAt)}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted">
              Nenhum post fixado. <Link to={`${base}/posts`}>Veja os posts do clube</Link>.
            </p>
          )}
        </Section>
        {club.rules ? (
          <Section id="regras" title="Regras">
            <Prose html={rulesHtml} />
          </Section>
        ) : null}
      </div>
      <aside className="flex flex-col gap-8">
        <Section id="proximas" title="Próximas atividades">
          {home.activities.length ? (
            <ul className="flex flex-col gap-3">
              {home.activities.map((activity) => (
                <li key={activity.id} className="rounded-xl border border-line bg-surface p-3">
                  <p className="text-xs font-semibold uppercase tracking-wide text-muted">{ACTIVITY_KIND_LABELS[activity.kind]}</p>
                  <p className="font-semibold">{activity.title}</p>
                  <p className="text-sm">
                    <time dateTime={activity.startsAt}>{activityWhen(activity)}</time>
                  </p>
                  {activity.edition ? <Link to={`/ed/${activity.edition.id}`}>{activity.edition.title}</Link> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted">Nenhuma atividade marcada.</p>
          )}
          <a href={agenda} className="text-sm">
            Agenda do clube (iCal)
          </a>
          {agenda.includes('chave=') ? <p className="text-xs text-muted">Este link é só seu: assine no seu app de calendário e não o compartilhe.</p> : null}
        </Section>
        <Section id="lendo-agora" title="Lendo agora">
          {home.reading.length ? (
            <ul className="flex flex-col gap-3">
              {home.reading.map((item) => (
                <li key={`${item.reader.username}-${item.edition.id}`} className="flex items-center gap-3">
                  <EditionCover edition={{ title: item.edition.title, coverUrl: item.edition.coverUrl, authors: [] }} size="sm" />
                  <div className="flex min-w-0 flex-col">
                    <Link to={`/ed/${item.edition.id}`} className="font-serif font-semibold">
                      {item.edition.title}
                    </Link>
                    <Link to={`/u/${item.reader.username}`} className="flex items-center gap-1 text-sm text-muted">
                      <Avatar name={item.reader.name} image={item.reader.image} size={20} />@{item.reader.username}
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted">Ninguém do clube compartilhou uma leitura em andamento.</p>
          )}
        </Section>
      </aside>
    </div>
  );
}
