import { Link } from '~/components/link';
import { FormMessage } from '~/components/ui/field';
import { isFailure, isSuccess } from '~/lib/form-result';
import { can } from '../../policy';
import type { ClubDetail } from '../../types';
import type { ClubPostDetail, ClubPostPage } from '../types';
import { PostList } from './post-card';
import { PostForm } from './post-form';
import { PostView } from './post-view';

/** The results of the page's forms, next to them and announced. */
export function ActionMessages({ result }: { result: unknown }) {
  return (
    <>
      <FormMessage tone="success">{isSuccess(result) ? result.success : null}</FormMessage>
      <FormMessage>{isFailure(result) ? (result.formError ?? null) : null}</FormMessage>
    </>
  );
}

/** What a reader who may not take part reads where the forms would be. */
export function JoinHint({ club, signedIn, path, what }: { club: ClubDetail; signedIn: boolean; path: string; what: string }) {
  if (!signedIn)
    return (
      <p className="text-sm">
        <Link to={`/auth/signin?callbackUrl=${encodeURIComponent(path)}`}>Entre</Link> e participe do clube para {what}.
      </p>
    );
  if (club.standing?.status === 'banned') return <p className="text-sm text-muted">Você foi banido deste clube.</p>;
  return <p className="text-sm text-muted">Só membros do clube podem {what}. Use o botão no topo da página para participar.</p>;
}

/**
 * /clube/{id}/posts: the form for those who may publish, the pinned posts and the others (only those the viewer
 * may read — no teasers, docs/decisions/0060), or one post opened (`?post=`).
 */
export function ClubPostsPage({
  club,
  signedIn,
  page,
  post,
  mayPublish,
  deleted,
  result,
  busy,
}: {
  club: ClubDetail;
  signedIn: boolean;
  page: ClubPostPage | null;
  post: ClubPostDetail | null;
  mayPublish: boolean;
  deleted: boolean;
  result: unknown;
  busy: boolean;
}) {
  const listPath = `/clube/${club.slug}/posts`;
  const joinHint = <JoinHint club={club} signedIn={signedIn} path={post ? `${listPath}?post=${post.id}` : listPath} what="comentar e reagir" />;
  return (
    <div className="flex flex-col gap-6">
      <ActionMessages result={result} />
      {deleted ? <FormMessage tone="success">Post apagado.</FormMessage> : null}
      {post ? (
        <PostView post={post} signedIn={signedIn} listPath={listPath} action={`${listPath}?post=${post.id}`} result={result} busy={busy} joinHint={joinHint} />
      ) : page ? (
        <>
          {mayPublish ? (
            <details className="rounded-xl border border-line bg-surface p-4" open={isFailure(result)}>
              <summary className="min-h-11 cursor-pointer py-2 font-semibold">Escrever um post</summary>
              <PostForm kind="post" plans={page.plans} action={listPath} result={result} busy={busy} />
            </details>
          ) : null}
          <section aria-labelledby="posts-titulo" className="flex flex-col gap-4">
            <h2 id="posts-titulo" className="font-serif text-xl font-semibold">
              Posts
            </h2>
            {club.standing?.status === 'banned' ? (
              <p className="text-muted">Você foi banido deste clube e não vê mais os posts dele.</p>
            ) : (
              <PostList page={page} listPath={listPath} label="Posts do clube" empty="O clube ainda não publicou nada que você possa ler." />
            )}
            {signedIn && can(club.standing, 'take_part') && !can(club.standing, 'moderate_posts') ? (
              <p className="text-sm text-muted">
                Alguns posts podem ser só para quem tem um plano. <Link to={`/clube/${club.slug}/planos`}>Conheça os planos do clube</Link>.
              </p>
            ) : null}
          </section>
        </>
      ) : null}
    </div>
  );
}
