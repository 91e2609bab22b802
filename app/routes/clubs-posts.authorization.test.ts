import { describe, expect, it } from 'vitest';
import { createClubCast, CLUB_ROLES_UNDER_TEST, type ClubCast, type ClubWho } from '../../test/club-fixtures';
import { useTestDatabase } from '../../test/db';
import { formRequest, getRequest } from '../../test/factories';
import { call } from '../../test/routes';
import { createClubPost } from '~/features/clubs/posts/mutations.server';
import type { ClubVisibility } from '~/features/clubs/vocabulary';
import * as community from './clube.$identificador.comunidade';
import * as posts from './clube.$identificador.posts';

useTestDatabase();

type Outcome = number | 'signin';

/** What a loader or action answered: its status, or 'signin' for a redirect to the sign-in page. */
async function outcome(promise: Promise<unknown>): Promise<Outcome> {
  const settle = (value: unknown): Outcome => {
    if (value instanceof Response) return value.headers.get('location')?.startsWith('/auth/signin') ? 'signin' : value.status;
    return (value as { init?: { status?: number } } | null)?.init?.status ?? 200;
  };
  return promise.then(settle, (thrown: unknown) => (thrown instanceof Response || (thrown as { init?: unknown })?.init ? settle(thrown) : 500));
}

const MEMBERS: readonly ClubWho[] = ['membro', 'membroComPlano', 'moderador', 'admin', 'dono'];
const STAFF: readonly ClubWho[] = ['moderador', 'admin', 'dono'];
/** Who a private club answers 404 to: everyone who is not in it (an invited reader sees it, to accept). */
const PRIVATE_OUTSIDERS: readonly ClubWho[] = ['visitante', 'naoMembro', 'pendente', 'banido', 'adminDoSite'];

type Fixture = { cast: ClubCast; publicPost: string; membersPost: string; planPost: string; thread: string };

async function fixture(visibility: ClubVisibility): Promise<Fixture> {
  const cast = await createClubCast(visibility);
  const { viewers, club, plans } = cast;
  const publish = (title: string, visibility: 'publico' | 'membros' | 'plano', minPlanId: string | null = null) =>
    createClubPost(viewers.dono, club.id, { kind: 'post', content: { title, body: 'Texto.', visibility, minPlanId } });
  return {
    cast,
    publicPost: await publish('Público', 'publico'),
    membersPost: await publish('Membros', 'membros'),
    planPost: await publish('Mecenas', 'plano', plans.paid),
    thread: await createClubPost(viewers.membro, club.id, { kind: 'thread', content: { title: 'Conversa', body: 'Oi!' } }),
  };
}

/**
 * Each loader and action of /posts and /comunidade, with what each reader gets. `allowed` readers get `ok`;
 * the others the denial: 404 where the thing is hidden from them, 403 (with a Portuguese message) where it is not.
 */
function cases(f: Fixture, visibility: ClubVisibility) {
  const { slug } = f.cast.club;
  const p = `/clube/${slug}/posts`;
  const c = `/clube/${slug}/comunidade`;
  const isPrivate = visibility === 'privado';
  const get = (route: typeof posts | typeof community, path: string) => (who: ClubWho) =>
    call(route.loader, getRequest(path, f.cast.cookie(who)), { identificador: slug });
  const post =
    (route: typeof posts | typeof community, path: string, fields: () => Record<string, string> | Promise<Record<string, string>>) => async (who: ClubWho) =>
      call(route.action, formRequest(path, await fields(), { cookie: f.cast.cookie(who) }), { identificador: slug });
  const everyone = CLUB_ROLES_UNDER_TEST;
  // A denied reader of a private club who is not in it gets 404; elsewhere `denied`.
  const deny = (who: ClubWho, denied: Outcome): Outcome => (isPrivate && PRIVATE_OUTSIDERS.includes(who) ? 404 : denied);
  const action = (allowed: readonly ClubWho[], ok: Outcome, denied: (who: ClubWho) => Outcome) => (who: ClubWho) =>
    who === 'visitante' ? 'signin' : allowed.includes(who) ? ok : deny(who, denied(who));
  const page = (allowed: readonly ClubWho[]) => (who: ClubWho) => (allowed.includes(who) ? 200 : 404);
  const seesClub = everyone.filter((who) => !isPrivate || !PRIVATE_OUTSIDERS.includes(who));
  const fresh = () =>
    createClubPost(f.cast.viewers.dono, f.cast.club.id, { kind: 'post', content: { title: 'Apagável', body: 'x', visibility: 'publico', minPlanId: null } });

  return {
    'GET /posts': [get(posts, p), page(seesClub)],
    'GET /posts?post=público': [get(posts, `${p}?post=${f.publicPost}`), page(seesClub.filter((who) => who !== 'banido'))],
    'GET /posts?post=membros': [get(posts, `${p}?post=${f.membersPost}`), page(MEMBERS)],
    'GET /posts?post=plano': [get(posts, `${p}?post=${f.planPost}`), page(['membroComPlano', ...STAFF])],
    'GET /comunidade': [get(community, c), page(seesClub)],
    'GET /comunidade?aba=membros': [get(community, `${c}?aba=membros`), page(seesClub)],
    'GET /comunidade?conversa=': [get(community, `${c}?conversa=${f.thread}`), page(seesClub)],
    'POST /posts publicar': [
      post(posts, p, () => ({ intent: 'publicar', title: 'Novo', body: 'Texto', visibility: 'membros' })),
      action(STAFF, 302, () => 403),
    ],
    'POST /posts comentar': [post(posts, p, () => ({ intent: 'comentar', postId: f.publicPost, comment: 'Oi' })), action(MEMBERS, 200, () => 403)],
    'POST /posts reagir': [post(posts, p, () => ({ intent: 'reagir', postId: f.membersPost, reaction: 'amei' })), action(MEMBERS, 200, () => 403)],
    'POST /posts fixar': [post(posts, p, () => ({ intent: 'fixar', postId: f.publicPost })), action(STAFF, 200, () => 403)],
    // Editing someone else's members' post: members are refused; to anyone who cannot read it, it does not exist.
    'POST /posts editar': [
      post(posts, p, () => ({ intent: 'editar', postId: f.membersPost, title: 'Editado', body: 'Novo texto', visibility: 'membros' })),
      action(STAFF, 200, (who) => (MEMBERS.includes(who) ? 403 : 404)),
    ],
    'POST /posts apagar': [
      post(posts, p, async () => ({ intent: 'apagar', postId: await fresh() })),
      action(STAFF, 302, (who) => (who === 'banido' ? 404 : 403)),
    ],
    'POST /comunidade publicar': [post(community, c, () => ({ intent: 'publicar', title: 'Conversa nova', body: 'Oi' })), action(MEMBERS, 302, () => 403)],
    'POST /comunidade comentar': [post(community, c, () => ({ intent: 'comentar', postId: f.thread, comment: 'Oi' })), action(MEMBERS, 200, () => 403)],
  } satisfies Record<string, [(who: ClubWho) => Promise<unknown>, (who: ClubWho) => Outcome]>;
}

describe.each(['moderado', 'privado'] as const)('club posts and community, %s club: every reader × every loader and action', (visibility) => {
  it('answers each reader as the role table says', async () => {
    const f = await fixture(visibility);
    const got: string[] = [];
    const want: string[] = [];
    for (const [name, [run, expected]] of Object.entries(cases(f, visibility))) {
      for (const who of CLUB_ROLES_UNDER_TEST) {
        got.push(`${name} · ${who} → ${await outcome(run(who))}`);
        want.push(`${name} · ${who} → ${expected(who)}`);
      }
    }
    expect(got).toEqual(want);
  });

  it('shows threads and the directory only to members; others read the count and the way in', async () => {
    const f = await fixture(visibility);
    const { slug } = f.cast.club;
    for (const who of CLUB_ROLES_UNDER_TEST) {
      if (visibility === 'privado' && PRIVATE_OUTSIDERS.includes(who)) continue;
      for (const query of ['', '?aba=membros', `?conversa=${f.thread}`]) {
        const result = (await call(community.loader, getRequest(`/clube/${slug}/comunidade${query}`, f.cast.cookie(who)), { identificador: slug })) as {
          data: { view: { kind: string } };
        };
        const expected = MEMBERS.includes(who) ? (query === '' ? 'threads' : query.startsWith('?aba') ? 'members' : 'thread') : 'outside';
        expect([who, query, result.data.view.kind]).toEqual([who, query, expected]);
      }
    }
  });
});
