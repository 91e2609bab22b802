import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/db';
import { createUser, formRequest, getRequest } from '../../test/factories';
import { call, statusOf, type Failure } from '../../test/routes';
import * as landing from './_index';
import * as deletion from './configuracoes.excluir';
import * as profile from './u.$username';

useTestDatabase();

describe('/configuracoes/excluir', () => {
  it('keeps what was typed and says what is wrong next to the field, then deletes at once: signed out, profile 404, the landing says so', async () => {
    const reader = await createUser();
    const page = (await call(deletion.loader, getRequest('/configuracoes/excluir', reader.cookie))) as { username: string; hasPassword: boolean };
    expect(page).toMatchObject({ username: reader.username, hasPassword: true });

    const wrong = (await call(
      deletion.action,
      formRequest('/configuracoes/excluir', { username: 'nao_sou_eu', password: reader.password }, { cookie: reader.cookie }),
    )) as Failure;
    expect(wrong.init.status).toBe(400);
    expect(wrong.data.fieldErrors.username).toBe(`Digite seu nome de usuário, ${reader.username}, para confirmar.`);
    // The username typed comes back; the password never does.
    expect(wrong.data.fields).toEqual({ username: 'nao_sou_eu' });
    const empty = (await call(deletion.action, formRequest('/configuracoes/excluir', { username: '' }, { cookie: reader.cookie }))) as Failure;
    expect(empty.data.fieldErrors.username).toBe('Digite seu nome de usuário para confirmar.');
    expect(await statusOf(call(profile.loader, getRequest(`/u/${reader.username}`), { username: reader.username }))).toBe(200);

    const done = (await call(
      deletion.action,
      formRequest('/configuracoes/excluir', { username: reader.username, password: reader.password }, { cookie: reader.cookie }),
    )) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get('Location')).toBe('/?conta=excluida');
    expect(done.headers.getSetCookie().join('\n')).toMatch(/session_token=;/);
    expect(await statusOf(call(profile.loader, getRequest(`/u/${reader.username}`), { username: reader.username }))).toBe(404);
    expect(await statusOf(call(deletion.loader, getRequest('/configuracoes/excluir', reader.cookie)))).toBe(302);
    expect(await call(landing.loader, getRequest('/?conta=excluida'))).toMatchObject({ data: { accountDeleted: true } });
  });
});
