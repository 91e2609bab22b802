import { describe, expect, it } from 'vitest';
import type { ClubVisibility } from '~/features/clubs/vocabulary';
import { CLUB_ROLES_UNDER_TEST, type ClubCast, type ClubWho, createClubCast } from '../../test/club-fixtures';
import { useTestDatabase } from '../../test/db';
import { formRequest, getRequest } from '../../test/factories';
import { call, matrixOf, outcomeOf, type Outcome } from '../../test/routes';
import * as clubPage from './clube.$identificador';
import * as myClubs from './clube';
import * as directory from './clubes';
import * as create from './criar';

useTestDatabase();

const everyone = (outcome: Outcome) => Object.fromEntries(CLUB_ROLES_UNDER_TEST.map((who) => [who, outcome])) as Record<ClubWho, Outcome>;
const signedIn = { ...everyone(200), visitante: 'entrar' } as Record<ClubWho, Outcome>;

/** The status a loader or action answers, with "entrar" for the redirect to sign in. */
const matrix = (run: (who: ClubWho) => Promise<unknown>) => matrixOf(CLUB_ROLES_UNDER_TEST, run);

const pageRequest = (cast: ClubCast, who: ClubWho) => getRequest(`/clube/${cast.club.slug}`, cast.cookie(who));
const joinRequest = (cast: ClubCast, who: ClubWho) => formRequest(`/clube/${cast.club.slug}`, { intent: 'entrar' }, { cookie: cast.cookie(who) ?? '' });

describe('clubs: who may open what', () => {
  it.each<[ClubVisibility, Record<ClubWho, Outcome>]>([
    ['moderado', everyone(200)],
    ['aberto', everyone(200)],
    ['privado', { ...everyone(200), visitante: 404, naoMembro: 404, pendente: 404, banido: 404, adminDoSite: 404 }],
  ])('/clube/{identificador} of a %s club', async (visibility, expected) => {
    const cast = await createClubCast(visibility);
    expect(await matrix((who) => call(clubPage.loader, pageRequest(cast, who), { identificador: cast.club.slug }))).toEqual(expected);
  });

  it('the join button of a moderated club: a request from outsiders, "already" from members, refused to the banned', async () => {
    const cast = await createClubCast('moderado');
    expect(await matrix((who) => call(clubPage.action, joinRequest(cast, who), { identificador: cast.club.slug }))).toEqual({
      visitante: 'entrar',
      naoMembro: 200,
      pendente: 400,
      convidado: 200,
      membro: 400,
      membroComPlano: 400,
      moderador: 400,
      admin: 400,
      dono: 400,
      banido: 403,
      adminDoSite: 200,
    });
  });

  it('the join button of a private club exists only for those invited and its members', async () => {
    const cast = await createClubCast('privado');
    expect(await matrix((who) => call(clubPage.action, joinRequest(cast, who), { identificador: cast.club.slug }))).toEqual({
      visitante: 'entrar',
      naoMembro: 404,
      pendente: 404,
      convidado: 200,
      membro: 400,
      membroComPlano: 400,
      moderador: 400,
      admin: 400,
      dono: 400,
      banido: 404,
      adminDoSite: 404,
    });
  });

  it('/clube and /criar are for signed-in readers; /clubes for everyone', async () => {
    const cast = await createClubCast('moderado');
    expect(await matrix((who) => call(myClubs.loader, getRequest('/clube', cast.cookie(who))))).toEqual(signedIn);
    expect(await matrix((who) => call(create.loader, getRequest('/criar', cast.cookie(who))))).toEqual(signedIn);
    expect(await matrix((who) => call(directory.loader, getRequest('/clubes', cast.cookie(who))))).toEqual(everyone(200));
    // Acting on /clube asks for the club again: someone else's private club is a 404 there too.
    const secret = await createClubCast('privado');
    expect(
      await outcomeOf(call(myClubs.action, formRequest('/clube', { intent: 'entrar', clubId: secret.club.id }, { cookie: cast.users.naoMembro.cookie }))),
    ).toBe(404);
    expect(await outcomeOf(call(myClubs.action, formRequest('/clube', { intent: 'entrar', clubId: secret.club.id })))).toBe('entrar');
  });
});
