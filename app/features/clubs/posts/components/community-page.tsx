import { TabNav } from '~/components/ui/tab-nav';
import { FormMessage } from '~/components/ui/field';
import { isFailure } from '~/lib/form-result';
import { membersLabel } from '../../labels';
import type { ClubDetail } from '../../types';
import type { ClubMemberPage, ClubPostDetail, ClubPostPage } from '../types';
import { MemberDirectory } from './member-directory';
import { PostList } from './post-card';
import { PostForm } from './post-form';
import { PostView } from './post-view';
import { ActionMessages, JoinHint } from './posts-page';

export type CommunityView =
  | { kind: 'outside' }
  | { kind: 'threads'; page: ClubPostPage }
  | { kind: 'thread'; thread: ClubPostDetail }
  | { kind: 'members'; page: ClubMemberPage; q: string };

/**
 * /clube/{id}/comunidade: for the club's active members, the discussion threads (any member opens one) and
 * the member directory; for anyone else, how many members there are and the way in.
 */
export function CommunityPage({
  club,
  signedIn,
  view,
  deleted,
  result,
  busy,
}: {
  club: ClubDetail;
  signedIn: boolean;
  view: CommunityView;
  deleted: boolean;
  result: unknown;
  busy: boolean;
}) {
  const path = `/clube/${club.slug}/comunidade`;
  if (view.kind === 'outside') {
    return (
      <section aria-labelledby="comunidade-titulo" className="flex flex-col items-center gap-3 rounded-xl border border-line bg-surface p-6 text-center">
        <h2 id="comunidade-titulo" className="font-serif text-xl font-semibold">
          {membersLabel(club.memberCount)} conversando
        </h2>
        <p className="max-w-prose text-muted">A lista de membros e as conversas do clube são só para quem participa dele.</p>
        <JoinHint club={club} signedIn={signedIn} path={path} what="ver os membros e conversar" />
      </section>
    );
  }
  const tabs = [
    { to: path, label: 'Conversas', active: view.kind !== 'members' },
    { to: `${path}?aba=membros`, label: `Membros (${club.memberCount.toLocaleString('pt-BR')})`, active: view.kind === 'members' },
  ];
  return (
    <div className="flex flex-col gap-6">
      <TabNav label="Comunidade" tabs={tabs} />
      <ActionMessages result={result} />
      {deleted ? <FormMessage tone="success">Conversa apagada.</FormMessage> : null}
      {view.kind === 'members' ? (
        <MemberDirectory page={view.page} path={path} q={view.q} />
      ) : view.kind === 'thread' ? (
        <PostView
          post={view.thread}
          signedIn={signedIn}
          listPath={path}
          action={`${path}?conversa=${view.thread.id}`}
          result={result}
          busy={busy}
          joinHint={null}
        />
      ) : (
        <>
          <details className="rounded-xl border border-line bg-surface p-4" open={isFailure(result)}>
            <summary className="min-h-11 cursor-pointer py-2 font-semibold">Abrir uma conversa</summary>
            <PostForm kind="thread" plans={[]} action={path} result={result} busy={busy} />
          </details>
          <section aria-labelledby="conversas-titulo" className="flex flex-col gap-4">
            <h2 id="conversas-titulo" className="font-serif text-xl font-semibold">
              Conversas
            </h2>
            <PostList page={view.page} listPath={path} label="Conversas do clube" empty="Nenhuma conversa ainda. Que tal abrir a primeira?" />
          </section>
        </>
      )}
    </div>
  );
}
