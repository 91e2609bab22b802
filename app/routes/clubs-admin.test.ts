import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { clubMembers, clubs } from '~/db/schema';
import { createClubCast } from '../../test/club-fixtures';
import { useTestDatabase } from '../../test/db';
import { formRequest, getRequest, multipartRequest, testPhoto } from '../../test/factories';
import { renderPage } from '../../test/render';
import { call, statusOf, type Failure } from '../../test/routes';
import * as dashboard from './clube.$identificador.admin';
import * as members from './clube.$identificador.admin.membros';
import * as membersCsv from './clube.$identificador.admin.membros[.]csv';
import * as personalize from './clube.$identificador.admin.personalizar';
import * as clubPage from './clube.$identificador';

useTestDatabase();

type Loaded<T extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<T>>;

describe('club admin pages', () => {
  it('the dashboard shows the members chart with its table, requests waiting, engagement and the honest revenue line', async () => {
    const cast = await createClubCast('moderado');
    const page = (await call(dashboard.loader, getRequest(`/clube/${cast.club.slug}/admin`, cast.users.admin.cookie), {
      identificador: cast.club.slug,
    })) as Loaded<typeof dashboard.loader>;
    const html = renderPage(dashboard.default, page, `/clube/${cast.club.slug}/admin`);
    expect(html).toContain('<h1');
    expect(html).toContain('<svg');
    expect(html).toContain('Ver os números em tabela');
    expect(html).toMatch(/Pedidos esperando<\/h2><p[^>]*>1</);
    expect(html).toContain('Os pagamentos ainda não estão ativos');
    expect(html).toContain('Mecenas');
    expect(html).toMatch(/R\$\s19,90/);
  });

  it('the members page: approve a request, invite, ban (the banned loses the club at once), unban, grant a plan, export', async () => {
    const cast = await createClubCast('moderado');
    const slug = cast.club.slug;
    const path = `/clube/${slug}/admin/membros`;
    const params = { identificador: slug };
    const post = (fields: Record<string, string>, who = cast.users.dono) => call(members.action, formRequest(path, fields, { cookie: who.cookie }), params);

    const page = (await call(members.loader, getRequest(path, cast.users.moderador.cookie), params)) as Loaded<typeof members.loader>;
    const html = renderPage(members.default, page, path);
    expect(html).toContain('Pedidos esperando (1)');
    expect(html).toContain(`Aprovar @${cast.users.pendente.username}`);
    expect(html).not.toContain('Exportar CSV');
    expect(html).not.toContain('Passar o clube');
    expect(html).toContain(`Gerenciar @${cast.users.membro.username}`);
    expect(html).not.toContain(`Gerenciar @${cast.users.admin.username}`);

    expect(await post({ intent: 'aprovar', userId: cast.users.pendente.id })).toMatchObject({ success: expect.stringMatching(/aprovado/) });
    expect(await post({ intent: 'aprovar', userId: cast.users.pendente.id })).toMatchObject({
      data: { formError: 'Esse pedido não está mais esperando resposta.' },
    });
    const noOne = (await post({ intent: 'convidar', username: 'ninguem_com_esse_nome' })) as Failure;
    expect(noOne.data.fieldErrors.username).toBe('Não encontramos leitor com esse nome de usuário.');
    const noReason = (await post({ intent: 'banir', userId: cast.users.membro.id, reason: ' ' })) as Failure;
    expect(noReason.data.fieldErrors.reason).toMatch(/Diga o motivo/);

    expect(await post({ intent: 'banir', userId: cast.users.membro.id, reason: 'Spoilers sem aviso.' })).toMatchObject({
      success: expect.stringMatching(/banido/),
    });
    const home = (await call(clubPage.loader, getRequest(`/clube/${slug}`, cast.users.membro.cookie), params)) as {
      data: Loaded<typeof clubPage.loader>['data'];
    };
    expect(home.data.club.standing?.status).toBe('banned');
    expect(home.data.club.banReason).toBe('Spoilers sem aviso.');
    expect(await post({ intent: 'desbanir', userId: cast.users.membro.id })).toMatchObject({ success: 'Banimento desfeito.' });

    expect(await post({ intent: 'plano', userId: cast.users.pendente.id, planId: cast.plans.free }, cast.users.admin)).toMatchObject({
      success: 'Plano concedido.',
    });
    expect(await post({ intent: 'plano', userId: cast.users.pendente.id, planId: '' }, cast.users.admin)).toMatchObject({ success: 'Plano retirado.' });
    expect(await post({ intent: 'papel', userId: cast.users.pendente.id, role: 'moderator' }, cast.users.admin)).toMatchObject({
      success: 'Papel alterado para moderador.',
    });
    expect(await post({ intent: 'papel', userId: cast.users.pendente.id, role: 'admin' }, cast.users.admin)).toMatchObject({ init: { status: 403 } });

    const csv = (await call(membersCsv.loader, getRequest(`${path}.csv`, cast.users.admin.cookie), params)) as Response;
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="membros-${slug}.csv"`);
    expect(await csv.text()).toContain(cast.users.pendente.username);

    const search = (await call(members.loader, getRequest(`${path}?q=${cast.users.admin.username}&situacao=ativos`, cast.users.dono.cookie), params)) as Loaded<
      typeof members.loader
    >;
    expect(search.page.members.map((member) => member.userId)).toEqual([cast.users.admin.id]);
    const ownerView = renderPage(members.default, search, path);
    expect(ownerView).toContain('Exportar CSV');
    expect(ownerView).toContain('Passar o clube');
  });

  it('the owner hands the club over only after typing its name', async () => {
    const cast = await createClubCast('aberto');
    const path = `/clube/${cast.club.slug}/admin/membros`;
    const params = { identificador: cast.club.slug };
    const transfer = (confirmation: string) =>
      call(
        members.action,
        formRequest(path, { intent: 'transferir', username: cast.users.admin.username, confirmation }, { cookie: cast.users.dono.cookie }),
        params,
      );
    const [club] = await getDb().select({ name: clubs.name }).from(clubs).where(eq(clubs.id, cast.club.id));
    const wrong = (await transfer('outro nome')) as Failure;
    expect(wrong.data.fieldErrors.confirmation).toContain(club!.name);
    expect(await transfer(club!.name)).toMatchObject({ success: expect.stringMatching(/Você continua como admin/) });
    const roles = await getDb().select({ userId: clubMembers.userId, role: clubMembers.role }).from(clubMembers).where(eq(clubMembers.clubId, cast.club.id));
    expect(roles.find((row) => row.userId === cast.users.admin.id)?.role).toBe('owner');
    expect(roles.find((row) => row.userId === cast.users.dono.id)?.role).toBe('admin');
  });

  it('personalizar greets a new club, refuses a colour white text cannot be read on, saves settings (a new identificador redirects) and images', async () => {
    const cast = await createClubCast('aberto');
    const slug = cast.club.slug;
    const path = `/clube/${slug}/admin/personalizar`;
    const params = { identificador: slug };
    const page = (await call(personalize.loader, getRequest(`${path}?novo=1`, cast.users.dono.cookie), params)) as Loaded<typeof personalize.loader>;
    const html = renderPage(personalize.default, page, `${path}?novo=1`);
    expect(html).toContain('Seu clube nasceu!');
    expect(html).toContain('Prévia do cabeçalho');
    expect(html).toContain('value="#1f5f5b"');

    const post = (fields: Record<string, string>) => call(personalize.action, formRequest(path, fields, { cookie: cast.users.dono.cookie }), params);
    const refused = (await post({ intent: 'cores', primaryColor: '#ffd700', accentColor: '#c2410c' })) as Failure;
    expect(refused.data.fieldErrors.primaryColor).toMatch(/abaixo do mínimo de 4,5:1/);
    expect(refused.data.fields.primaryColor).toBe('#ffd700');
    expect(await post({ intent: 'cores', primaryColor: '#123456', accentColor: '#8E2C2C' })).toEqual({ success: 'Cores salvas.' });

    const settings = {
      intent: 'configuracoes',
      name: 'Clube Renomeado',
      slug: 'clube-renomeado',
      description: 'Nova descrição',
      welcomeText: 'Oi!',
      rules: 'Respeito.',
      visibility: 'moderado',
      memberCap: '',
      membersCanPost: 'true',
    };
    const tooSmall = (await post({ ...settings, memberCap: '2' })) as Failure;
    expect(tooSmall.data.fieldErrors.memberCap).toMatch(/não pode ser menor/);
    const moved = (await post(settings)) as Response;
    expect([moved.status, moved.headers.get('location')]).toEqual([302, '/clube/clube-renomeado/admin/personalizar?salvo=1']);
    const [row] = await getDb().select().from(clubs).where(eq(clubs.id, cast.club.id));
    expect(row).toMatchObject({ name: 'Clube Renomeado', primaryColor: '#123456', accentColor: '#8e2c2c', visibility: 'moderado', membersCanPost: true });
    const old = await call(personalize.loader, getRequest(path, cast.users.dono.cookie), params).catch((thrown: unknown) => thrown);
    expect((old as Response).status).toBe(308);

    const uploaded = await call(
      personalize.action,
      multipartRequest('/clube/clube-renomeado/admin/personalizar', { intent: 'avatar' }, [['avatar', await testPhoto()]], cast.users.admin.cookie),
      { identificador: 'clube-renomeado' },
    );
    expect(uploaded).toEqual({ success: 'Foto atualizada.' });
    const empty = (await call(
      personalize.action,
      multipartRequest('/clube/clube-renomeado/admin/personalizar', { intent: 'capa' }, [], cast.users.admin.cookie),
      { identificador: 'clube-renomeado' },
    )) as Failure;
    expect(empty.data.fieldErrors.banner).toBe('Escolha uma imagem.');
    expect(
      await statusOf(
        call(personalize.loader, getRequest('/clube/clube-renomeado/admin/personalizar', cast.users.moderador.cookie), { identificador: 'clube-renomeado' }),
      ),
    ).toBe(404);
  });
});
