import { describe, expect, it } from 'vitest';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { CLIENT_IP_HEADER } from '~/server/request.server';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, formRequest, getRequest, testViewer } from '../../test/factories';
import { type Failure, call, matrixOf } from '../../test/routes';
import * as capaPage from './overlay.capa';
import * as bookOverlay from './foca.capa.overlay';
import * as focaOverlay from './foca.overlay';
import * as streamer from './streamer';

useTestDatabase();

type Links = { links: { capa: string; foca: string } };

const obs = async (url: string) => {
  const { pathname, search } = new URL(url);
  return (await call(capaPage.loader, new Request(`http://localhost:3000${pathname}${search}`, { headers: { [CLIENT_IP_HEADER]: '192.0.2.10' } }))) as Response;
};

const look = (overrides: Record<string, string> = {}) => ({
  size: 'lg',
  position: 'top-right',
  textColour: '#FFFFFF',
  cardColour: '#11161d',
  accentColour: '#f29072',
  showProgressBar: 'on',
  showPercent: 'on',
  ...overrides,
});

describe('/streamer', () => {
  it('shows a new link once, in the answer that made it; “trocar” kills the old one at once, “revogar” the last', async () => {
    const user = await createUser();
    const book = await createEdition({ title: 'Quarto de Despejo', authors: ['Carolina Maria de Jesus'], pages: 200 });
    await setShelfStatus(testViewer(user), book, 'reading');
    const created = (await call(streamer.action, formRequest('/streamer', { intent: 'criar' }, { cookie: user.cookie }))) as Links;
    expect(created.links.capa).toMatch(/^http:\/\/localhost:3000\/overlay\/capa\?token=[A-Za-z0-9_-]{43}$/);
    expect(created.links.foca).toBe(created.links.capa.replace('/overlay/capa?', '/overlay/foca?'));
    const token = new URL(created.links.capa).searchParams.get('token')!;
    // Afterwards the page knows only that there is a link, and when it was made.
    const page = await call(streamer.loader, getRequest('/streamer', user.cookie));
    expect(JSON.stringify(page)).not.toContain(token);
    expect(page).toMatchObject({ token: { createdAt: expect.any(String) }, capa: { data: { book: { title: 'Quarto de Despejo' } } } });
    expect((await obs(created.links.capa)).status).toBe(200);

    const rotated = (await call(streamer.action, formRequest('/streamer', { intent: 'trocar' }, { cookie: user.cookie }))) as Links;
    expect((await obs(created.links.capa)).status).toBe(404);
    expect((await obs(rotated.links.capa)).status).toBe(200);

    expect(await call(streamer.action, formRequest('/streamer', { intent: 'revogar' }, { cookie: user.cookie }))).toMatchObject({
      success: expect.stringContaining('revogado'),
    });
    expect((await obs(rotated.links.capa)).status).toBe(404);
    expect(await call(streamer.loader, getRequest('/streamer', user.cookie))).toMatchObject({ token: null });
  });

  it('is a signed-in reader’s own: a visitor is sent to sign in, and nobody sees another reader’s overlays', async () => {
    const [ana, bia] = [await createUser(), await createUser()];
    await call(focaOverlay.action, formRequest('/foca/overlay', look(), { cookie: ana.cookie }));
    const cookie = (who: 'visitante' | 'ana' | 'bia') => (who === 'ana' ? ana.cookie : who === 'bia' ? bia.cookie : undefined);
    const roles = ['visitante', 'ana', 'bia'] as const;
    expect(await matrixOf(roles, (who) => call(streamer.loader, getRequest('/streamer', cookie(who))))).toEqual({ visitante: 'entrar', ana: 200, bia: 200 });
    expect(await matrixOf(roles, (who) => call(streamer.action, formRequest('/streamer', { intent: 'criar' }, { cookie: cookie(who) })))).toEqual({
      visitante: 'entrar',
      ana: 200,
      bia: 200,
    });
    // Bia's page shows her own (default) look, never Ana's.
    const bias = (await call(focaOverlay.loader, getRequest('/foca/overlay', bia.cookie))) as { content: { look: { size: string } } };
    expect(bias.content.look.size).toBe('md');
    const anas = (await call(focaOverlay.loader, getRequest('/foca/overlay', ana.cookie))) as { content: { look: { size: string; textColour: string } } };
    expect(anas.content.look).toMatchObject({ size: 'lg', textColour: '#ffffff', showPetName: false });
  });
});

describe('/foca/overlay and /foca/capa/overlay', () => {
  it('save each overlay’s look apart, and refuse a colour that is not one, or text that would not read, next to its field', async () => {
    const user = await createUser();
    expect(await call(bookOverlay.action, formRequest('/foca/capa/overlay', look({ showPercent: '' }), { cookie: user.cookie }))).toMatchObject({
      success: expect.any(String),
    });
    const saved = (await call(bookOverlay.loader, getRequest('/foca/capa/overlay', user.cookie))) as { content: { kind: string; look: unknown } };
    expect(saved.content).toMatchObject({ kind: 'capa', look: { size: 'lg', position: 'top-right', cardColour: '#11161d', showPercent: false } });
    expect(((await call(focaOverlay.loader, getRequest('/foca/overlay', user.cookie))) as { content: { look: { size: string } } }).content.look.size).toBe(
      'md',
    );

    const badColour = (await call(bookOverlay.action, formRequest('/foca/capa/overlay', look({ accentColour: 'red' }), { cookie: user.cookie }))) as Failure;
    expect(badColour.init.status).toBe(400);
    expect(badColour.data.fieldErrors.accentColour).toContain('#1d4e7a');
    expect(badColour.data.fields.accentColour).toBe('red');
    const unreadable = (await call(
      bookOverlay.action,
      formRequest('/foca/capa/overlay', look({ textColour: '#1d4e7a', cardColour: '#11161d' }), { cookie: user.cookie }),
    )) as Failure;
    expect(unreadable.data.fieldErrors.textColour).toContain('contraste');
    // Nothing refused was saved.
    expect(((await call(bookOverlay.loader, getRequest('/foca/capa/overlay', user.cookie))) as { content: { look: unknown } }).content.look).toMatchObject({
      accentColour: '#f29072',
      textColour: '#ffffff',
    });
  });
});
