import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/db';
import { CLUB_ROLES_UNDER_TEST, createClubCast, type ClubCast, type ClubWho } from '../../test/club-fixtures';
import { formRequest, getRequest } from '../../test/factories';
import { call, statusOf } from '../../test/routes';
import type { ClubVisibility } from '~/features/clubs/vocabulary';
import * as activitiesAdmin from './clube.$identificador.admin.atividades';
import * as benefitsAdmin from './clube.$identificador.admin.beneficios';
import * as plansAdmin from './clube.$identificador.admin.planos';
import * as agenda from './clube.$identificador.agenda[.]ics';
import * as plans from './clube.$identificador.planos';

useTestDatabase();

/**
 * Every loader and action of plans, benefits, activities and the agenda × every standing in a club (PRODUCT.md
 * §1.2, issue 27): a visitor signs in first for what needs an account; a private club is 404 to every outsider;
 * the admin pages are 404 to anyone without run_club (moderators included); a member-only act by someone who
 * may see the club but not do it is a Portuguese failure (400).
 */
const OUTSIDERS_OF_PRIVATE: readonly ClubWho[] = ['visitante', 'naoMembro', 'pendente', 'banido', 'adminDoSite'];
const RUNS_CLUB: readonly ClubWho[] = ['dono', 'admin'];

const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);

function expectedPublic(visibility: ClubVisibility, who: ClubWho): number {
  return visibility === 'privado' && OUTSIDERS_OF_PRIVATE.includes(who) ? 404 : 200;
}

function expectedAdmin(who: ClubWho): number {
  if (who === 'visitante') return 302;
  return RUNS_CLUB.includes(who) ? 200 : 404;
}

/** Taking the free plan on /planos. */
function expectedSubscribe(visibility: ClubVisibility, who: ClubWho): number {
  if (who === 'visitante') return 302;
  if (visibility === 'privado' && OUTSIDERS_OF_PRIVATE.includes(who)) return 404;
  if (['membro', 'moderador', 'admin', 'dono'].includes(who)) return 200;
  // The paid plan membroComPlano was granted is not swapped for a free one (decision 0064).
  if (who === 'membroComPlano') return 400;
  // Strangers join an open club on the way; a moderated one approves them first.
  if ((who === 'naoMembro' || who === 'adminDoSite') && visibility === 'aberto') return 200;
  // A ban is a refusal (403); anyone else without a place in the club is told how to get one.
  return who === 'banido' ? 403 : 400;
}

type Case = { name: string; expected: (visibility: ClubVisibility, who: ClubWho) => number; run: (cast: ClubCast, who: ClubWho) => Promise<unknown> };

const page = (suffix: string) => (cast: ClubCast) => `/clube/${cast.club.slug}${suffix}`;
const params = (cast: ClubCast) => ({ identificador: cast.club.slug });

const CASES: Case[] = [
  { name: 'GET /planos', expected: expectedPublic, run: (c, who) => call(plans.loader, getRequest(page('/planos')(c), c.cookie(who)), params(c)) },
  { name: 'GET /agenda.ics', expected: expectedPublic, run: (c, who) => call(agenda.loader, getRequest(page('/agenda.ics')(c), c.cookie(who)), params(c)) },
  {
    name: 'GET /admin/planos',
    expected: (_, who) => expectedAdmin(who),
    run: (c, who) => call(plansAdmin.loader, getRequest(page('/admin/planos')(c), c.cookie(who)), params(c)),
  },
  {
    name: 'GET /admin/beneficios',
    expected: (_, who) => expectedAdmin(who),
    run: (c, who) => call(benefitsAdmin.loader, getRequest(page('/admin/beneficios')(c), c.cookie(who)), params(c)),
  },
  {
    name: 'GET /admin/atividades',
    expected: (_, who) => expectedAdmin(who),
    run: (c, who) => call(activitiesAdmin.loader, getRequest(page('/admin/atividades')(c), c.cookie(who)), params(c)),
  },
  {
    name: 'POST /planos assinar',
    expected: expectedSubscribe,
    run: (c, who) => call(plans.action, formRequest(page('/planos')(c), { intent: 'assinar', planId: c.plans.free }, { cookie: c.cookie(who) }), params(c)),
  },
  {
    name: 'POST /admin/planos criar',
    expected: (_, who) => expectedAdmin(who),
    run: (c, who) =>
      call(
        plansAdmin.action,
        formRequest(
          page('/admin/planos')(c),
          { intent: 'criar', form: 'plano-novo', name: `Plano ${who}`, description: '', price: '9,90', memberCap: '', position: '' },
          { cookie: c.cookie(who) },
        ),
        params(c),
      ),
  },
  {
    name: 'POST /admin/beneficios criar',
    expected: (_, who) => expectedAdmin(who),
    run: (c, who) =>
      call(
        benefitsAdmin.action,
        formRequest(page('/admin/beneficios')(c), { intent: 'criar', title: `Selo ${who}`, description: '', kind: 'badge' }, { cookie: c.cookie(who) }),
        params(c),
      ),
  },
  {
    name: 'POST /admin/atividades criar',
    expected: (_, who) => expectedAdmin(who),
    run: (c, who) =>
      call(
        activitiesAdmin.action,
        formRequest(
          page('/admin/atividades')(c),
          { intent: 'criar', kind: 'live', title: `Encontro ${who}`, day: inDays(5), time: '20:00', duration: '60', link: 'https://meet.exemplo.com/x' },
          { cookie: c.cookie(who) },
        ),
        params(c),
      ),
  },
];

describe.each(['aberto', 'moderado', 'privado'] as const)('plans, benefits and activities of a club %s', (visibility) => {
  it('answer every standing as the rules say', async () => {
    const cast = await createClubCast(visibility);
    const got: Record<string, Record<string, number>> = {};
    const want: Record<string, Record<string, number>> = {};
    for (const testCase of CASES) {
      got[testCase.name] = {};
      want[testCase.name] = {};
      for (const who of CLUB_ROLES_UNDER_TEST) {
        got[testCase.name]![who] = await statusOf(testCase.run(cast, who));
        want[testCase.name]![who] = testCase.expected(visibility, who);
      }
    }
    expect(got).toEqual(want);
  });
});
