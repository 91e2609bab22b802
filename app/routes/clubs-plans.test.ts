import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/db';
import { createClubCast } from '../../test/club-fixtures';
import { createEdition, formRequest, getRequest } from '../../test/factories';
import { renderPage } from '../../test/render';
import { call, type Failure } from '../../test/routes';
import { updateClubSettings } from '~/features/clubs/mutations.server';
import { PAID_PLAN_HELD } from '~/features/clubs/policy';
import * as activitiesAdmin from './clube.$identificador.admin.atividades';
import * as benefitsAdmin from './clube.$identificador.admin.beneficios';
import * as plansAdmin from './clube.$identificador.admin.planos';
import * as agenda from './clube.$identificador.agenda[.]ics';
import * as clubPage from './clube.$identificador';
import * as plans from './clube.$identificador.planos';

useTestDatabase();

const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);
type Data<T extends (...args: never[]) => unknown> = Awaited<ReturnType<T>>;

describe('club plans pages', () => {
  it('an admin creates a plan priced "9,90" and a benefit; /planos shows them side by side and marks the member’s plan', async () => {
    const cast = await createClubCast('aberto');
    const { slug } = cast.club;
    const p = { identificador: slug };
    const owner = cast.cookie('dono');
    const refused = (await call(
      plansAdmin.action,
      formRequest(
        `/clube/${slug}/admin/planos`,
        { intent: 'criar', form: 'plano-novo', name: 'Apoio', price: '9,999', memberCap: '', position: '' },
        { cookie: owner },
      ),
      p,
    )) as Failure;
    expect(refused.init.status).toBe(400);
    expect(refused.data.fieldErrors.price).toMatch(/9,90/);
    expect(refused.data.fields).toMatchObject({ name: 'Apoio', form: 'plano-novo' });
    const adminPage = (await call(plansAdmin.loader, getRequest(`/clube/${slug}/admin/planos`, owner), p)) as Data<typeof plansAdmin.loader>;
    const refusedHtml = renderPage(plansAdmin.default, adminPage, `/clube/${slug}/admin/planos`);
    expect(refusedHtml).toContain('Novo plano');
    expect(
      await call(
        plansAdmin.action,
        formRequest(
          `/clube/${slug}/admin/planos`,
          { intent: 'criar', name: 'Apoio', description: 'Para quem apoia.', price: '9,90', memberCap: '', position: '' },
          { cookie: owner },
        ),
        p,
      ),
    ).toMatchObject({ success: 'Plano “Apoio” criado.' });
    const benefitsPage = (await call(benefitsAdmin.loader, getRequest(`/clube/${slug}/admin/beneficios`, owner), p)) as Data<typeof benefitsAdmin.loader>;
    const apoio = benefitsPage.admin.plans.find((plan) => plan.name === 'Apoio')!;
    const body = new URLSearchParams([
      ['intent', 'criar'],
      ['title', 'Encontro mensal'],
      ['description', ''],
      ['kind', 'live'],
      ['planIds', cast.plans.free],
      ['planIds', apoio.id],
    ]);
    const created = await call(
      benefitsAdmin.action,
      new Request(`http://localhost:3000/clube/${slug}/admin/beneficios`, {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost:3000', Cookie: owner! },
      }),
      p,
    );
    expect(created).toMatchObject({ success: 'Benefício “Encontro mensal” salvo.' });
    const refreshed = (await call(plansAdmin.loader, getRequest(`/clube/${slug}/admin/planos`, owner), p)) as Data<typeof plansAdmin.loader>;
    const html = renderPage(plansAdmin.default, refreshed, `/clube/${slug}/admin/planos`);
    expect(html).toMatch(/R\$\s9,90 por mês/);
    expect(html).toContain('Com membros, o plano pode ser arquivado, não excluído.');
    expect(html).toContain('cada membro mantém o preço de quando entrou');
    const benefitsHtml = renderPage(
      benefitsAdmin.default,
      (await call(benefitsAdmin.loader, getRequest(`/clube/${slug}/admin/beneficios`, owner), p)) as object,
    );
    expect(benefitsHtml).toContain('Nos planos: Leitor, Apoio');

    const member = cast.cookie('membro');
    expect(await call(plans.action, formRequest(`/clube/${slug}/planos`, { intent: 'assinar', planId: cast.plans.free }, { cookie: member }), p)).toEqual({
      success: 'Pronto: o plano é seu.',
    });
    const mine = (await call(plans.loader, getRequest(`/clube/${slug}/planos`, member), p)) as { data: Data<typeof plans.loader>['data'] };
    expect(mine.data.page.currentPlanId).toBe(cast.plans.free);
    const mineHtml = renderPage(plans.default, mine.data, `/clube/${slug}/planos`);
    expect(mineHtml).toContain('<h1');
    expect(mineHtml).toContain('Seu plano');
    expect(mineHtml).toContain('Deixar este plano');
    expect(mineHtml).toContain('Assinaturas pagas chegam com os pagamentos do Maratona');
    const visitor = (await call(plans.loader, getRequest(`/clube/${slug}/planos`), p)) as {
      data: Data<typeof plans.loader>['data'];
      init: { headers: Record<string, string> };
    };
    expect(visitor.init.headers['X-Cache-Tags']).toBe(`club:${cast.club.id}`);
    const visitorHtml = renderPage(plans.default, visitor.data, `/clube/${slug}/planos`);
    expect(visitorHtml).toContain('Entrar para assinar');
    expect(visitorHtml).toContain('Encontro mensal');
    const paid = await call(plans.action, formRequest(`/clube/${slug}/planos`, { intent: 'assinar', planId: apoio.id }, { cookie: member }), p);
    expect((paid as Failure).data.formError).toMatch(/pagamentos/);

    // A member holding a paid plan (granted by hand) is not offered a swap for a free one, and the action refuses it.
    const patron = cast.cookie('membroComPlano');
    const patronPage = (await call(plans.loader, getRequest(`/clube/${slug}/planos`, patron), p)) as { data: Data<typeof plans.loader>['data'] };
    const patronHtml = renderPage(plans.default, patronPage.data, `/clube/${slug}/planos`);
    expect(patronHtml).toContain(PAID_PLAN_HELD);
    expect(patronHtml).not.toContain('Trocar para este plano');
    const swap = await call(plans.action, formRequest(`/clube/${slug}/planos`, { intent: 'assinar', planId: cast.plans.free }, { cookie: patron }), p);
    expect((swap as Failure).data.formError).toBe(PAID_PLAN_HELD);
  });

  it('an admin schedules a live meeting; it shows on the club home and in the agenda, whose old address redirects', async () => {
    const cast = await createClubCast('aberto');
    const { slug } = cast.club;
    const p = { identificador: slug };
    const owner = cast.cookie('dono');
    const fields = { intent: 'criar', form: 'atividade-nova-live', kind: 'live', title: 'Papo sobre o livro', day: inDays(3), time: '20:00', duration: '90' };
    const bad = (await call(
      activitiesAdmin.action,
      formRequest(`/clube/${slug}/admin/atividades`, { ...fields, link: 'http://x.com' }, { cookie: owner }),
      p,
    )) as Failure;
    expect(bad.data.fieldErrors.link).toMatch(/https/);
    const page = (await call(activitiesAdmin.loader, getRequest(`/clube/${slug}/admin/atividades`, owner), p)) as Data<typeof activitiesAdmin.loader>;
    const badHtml = renderPage(activitiesAdmin.default, page, `/clube/${slug}/admin/atividades`);
    expect(badHtml).toContain('Nenhuma atividade marcada');
    expect(
      await call(
        activitiesAdmin.action,
        formRequest(`/clube/${slug}/admin/atividades`, { ...fields, link: 'https://meet.exemplo.com/abc' }, { cookie: owner }),
        p,
      ),
    ).toMatchObject({ success: expect.stringMatching(/marcada/) });
    const listed = (await call(activitiesAdmin.loader, getRequest(`/clube/${slug}/admin/atividades`, owner), p)) as Data<typeof activitiesAdmin.loader>;
    expect(renderPage(activitiesAdmin.default, listed)).toContain('Editar Papo sobre o livro');
    expect(listed.agenda).toMatch(new RegExp(`^/clube/${slug}/agenda\\.ics\\?chave=`));

    const home = (await call(clubPage.loader, getRequest(`/clube/${slug}`, cast.cookie('membro')), p)) as { data: Data<typeof clubPage.loader>['data'] };
    const homeHtml = renderPage(clubPage.default, home.data, `/clube/${slug}`);
    expect(homeHtml).toContain('Papo sobre o livro');
    expect(homeHtml).toContain('Este link é só seu');

    const feed = (await call(agenda.loader, getRequest(`/clube/${slug}/agenda.ics`), p)) as Response;
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.headers.get('cache-control')).toBe('public, max-age=300');
    const text = await feed.text();
    expect(text).toContain('SUMMARY:Papo sobre o livro\r\n');
    expect(text).not.toContain('meet.exemplo.com');
    const key = new URL(home.data.agenda, 'http://localhost:3000').search;
    const personal = (await call(agenda.loader, getRequest(`/clube/${slug}/agenda.ics${key}`), p)) as Response;
    expect(await personal.text()).toContain('URL:https://meet.exemplo.com/abc');

    await updateClubSettings(cast.viewers.dono, cast.club.id, {
      ...{ name: 'Clube novo', description: '', welcomeText: '', rules: '', categories: [], memberCap: null, membersCanPost: false, visibility: 'aberto' },
      slug: 'clube-novo-nome',
    });
    const moved = (await call(agenda.loader, getRequest(`/clube/${slug}/agenda.ics${key}`), p).catch((e: unknown) => e)) as Response;
    expect([moved.status, moved.headers.get('location')]).toEqual([308, `/clube/clube-novo-nome/agenda.ics${key}`]);
  });

  it('an LC do mês takes its book from a pasted edition address, and its title from the book when left blank', async () => {
    const cast = await createClubCast('privado');
    const { slug } = cast.club;
    const p = { identificador: slug };
    const edition = await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'], pages: 176 });
    const fields = { intent: 'criar', form: 'atividade-nova-group_read', kind: 'group_read', title: '', startDay: inDays(10), endDay: inDays(40) };
    const unknown = (await call(
      activitiesAdmin.action,
      formRequest(`/clube/${slug}/admin/atividades`, { ...fields, edition: 'https://maratona.app/ed/nao-existe' }, { cookie: cast.cookie('admin') }),
      p,
    )) as Failure;
    expect(unknown.data.fieldErrors.edition).toMatch(/Não encontramos essa edição/);
    expect(
      await call(
        activitiesAdmin.action,
        formRequest(
          `/clube/${slug}/admin/atividades`,
          { ...fields, edition: `http://localhost:3000/ed/${edition}/resenhas` },
          { cookie: cast.cookie('admin') },
        ),
        p,
      ),
    ).toMatchObject({ success: expect.stringMatching(/marcada/) });
    const listed = (await call(activitiesAdmin.loader, getRequest(`/clube/${slug}/admin/atividades`, cast.cookie('dono')), p)) as Data<
      typeof activitiesAdmin.loader
    >;
    expect(listed.activities.upcoming.map((a) => [a.kind, a.title, a.edition?.id])).toEqual([['group_read', 'LC do mês: Vidas Secas', edition]]);
    expect(renderPage(activitiesAdmin.default, listed)).toContain('Vidas Secas');
  });
});
