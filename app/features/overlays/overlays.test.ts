import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '~/db/client.server';
import { chooseCompanion } from '~/features/focus/pets.server';
import { startFocusSession } from '~/features/focus/sessions.server';
import { logProgress } from '~/features/reading/progress/progress.server';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { newId } from '~/lib/ids';
import { redactSecrets } from '~/server/logger.server';
import { CLIENT_IP_HEADER } from '~/server/request.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../test/db';
import { withEnv } from '../../../test/env';
import { createEdition, createUser, testViewer } from '../../../test/factories';
import { suspend } from '../../../test/reading-factories';
import { call } from '../../../test/routes';
import * as capaEvents from '../../routes/overlay.capa.eventos';
import * as capaPage from '../../routes/overlay.capa';
import * as focaEvents from '../../routes/overlay.foca.eventos';
import * as focaPage from '../../routes/overlay.foca';
import { hashOverlayToken } from './access.server';
import { issueOverlayToken, revokeOverlayToken, saveOverlayLook } from './mutations.server';
import { EMPTY_OVERLAY } from './render.server';
import { seedDemoOverlays } from './seed.server';
import { DEFAULT_LOOKS } from './settings';

useTestDatabase();

async function streamer(): Promise<{ viewer: Viewer; book: string }> {
  const viewer = testViewer(await createUser());
  const book = await createEdition({ title: `Torto Arado ${newId()}`, authors: ['Itamar Vieira Junior'], pages: 200 });
  await setShelfStatus(viewer, book, 'reading');
  return { viewer, book };
}

const obsRequest = (path: string, token: string | null, ip = '203.0.113.1', signal?: AbortSignal) =>
  new Request(`http://localhost:3000${path}${token === null ? '' : `?token=${encodeURIComponent(token)}`}`, {
    headers: { [CLIENT_IP_HEADER]: ip },
    ...(signal ? { signal } : {}),
  });

const page = async (kind: 'capa' | 'foca', token: string | null, ip?: string) =>
  (await call(kind === 'capa' ? capaPage.loader : focaPage.loader, obsRequest(`/overlay/${kind}`, token, ip))) as Response;

/** An open overlay stream and a way to wait for its next event of a name (or for its end). */
async function openStream(kind: 'capa' | 'foca', token: string) {
  const controller = new AbortController();
  const response = (await call(
    kind === 'capa' ? capaEvents.loader : focaEvents.loader,
    obsRequest(`/overlay/${kind}/eventos`, token, undefined, controller.signal),
  )) as Response;
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const next = async (name: string, timeoutMs = 2000): Promise<{ event: string; data: unknown } | 'ended'> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const at = buffer.indexOf('\n\n');
      if (at >= 0) {
        const block = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event === name) return { event, data: JSON.parse(data ?? 'null') };
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${name} event within ${timeoutMs} ms`);
      const chunk = await Promise.race([reader.read(), new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), left))]);
      if (chunk === 'timeout') continue;
      if (chunk.done) return 'ended';
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  };
  /** The next `overlay` event whose card passes `test` (a signal heard late may push the same card twice). */
  const until = async (test: (html: string) => boolean, timeoutMs = 2000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const event = await next('overlay', Math.max(1, deadline - Date.now()));
      if (event === 'ended') throw new Error('the stream ended');
      const html = (event.data as { html: string }).html;
      if (test(html)) return html;
    }
  };
  return { response, next, until, close: () => controller.abort() };
}

describe('overlay token', () => {
  it('is stored only as its SHA-256, shows the reader’s book, and dies at once on rotation and on revocation', async () => {
    const { viewer } = await streamer();
    const first = await issueOverlayToken(viewer);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await queryRows<{ token_hash: string }>(sql`SELECT token_hash FROM overlay_tokens WHERE user_id = ${viewer.id}`);
    expect(stored?.token_hash).toBe(hashOverlayToken(first));
    expect(stored?.token_hash).not.toContain(first);

    const shown = await page('capa', first);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('Cache-Control')).toBe('no-store');
    expect(shown.headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(shown.headers.get('Set-Cookie')).toBeNull();
    const html = await shown.text();
    expect(html).toContain('Torto Arado');
    expect(html).toContain('Itamar Vieira Junior');
    expect((await page('foca', first)).status).toBe(200);

    const second = await issueOverlayToken(viewer);
    expect(second).not.toBe(first);
    const old = await page('capa', first);
    expect(old.status).toBe(404);
    expect(await old.text()).toBe(EMPTY_OVERLAY);
    expect((await page('capa', second)).status).toBe(200);

    await revokeOverlayToken(viewer);
    expect((await page('capa', second)).status).toBe(404);
    expect((await page('foca', second)).status).toBe(404);
    expect(await queryRows(sql`SELECT 1 FROM overlay_tokens WHERE user_id = ${viewer.id}`)).toHaveLength(0);
  });

  it('answers a wrong, a malformed, a missing and a revoked token alike, and a suspended reader’s as a wrong one', async () => {
    const { viewer } = await streamer();
    const revoked = await issueOverlayToken(viewer);
    await revokeOverlayToken(viewer);
    const other = await streamer();
    const suspendedToken = await issueOverlayToken(other.viewer);
    await suspend(other.viewer.id);
    const answers = await Promise.all(
      [revoked, 'x'.repeat(43), 'abc', '', null, suspendedToken].map(async (token) => {
        const response = await page('capa', token);
        return { status: response.status, body: await response.text(), cache: response.headers.get('Cache-Control') };
      }),
    );
    for (const answer of answers) expect(answer).toEqual({ status: 404, body: EMPTY_OVERLAY, cache: 'no-store' });
    expect(EMPTY_OVERLAY).not.toContain('Torto Arado');
  });

  it('limits wrong tokens per address: past the limit even the right token is refused from there, not from elsewhere', async () => {
    const { viewer } = await streamer();
    const token = await issueOverlayToken(viewer);
    await withEnv({ RATE_LIMIT_OVERLAY_TOKEN_IP_PER_10_MINUTES: '5' }, async () => {
      const guesser = '198.51.100.7';
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await page('capa', `guess${i}`.padEnd(43, 'a'), guesser)).status);
      // The sixth wrong token is past the limit itself.
      expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
      const refused = await page('capa', token, guesser);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(await refused.text()).toBe(EMPTY_OVERLAY);
      expect((await page('capa', token, '198.51.100.8')).status).toBe(200);
      // The right token never counts against its address.
      for (let i = 0; i < 8; i++) expect((await page('foca', token, '198.51.100.9')).status).toBe(200);
    });
  });
});

describe('overlay live stream', () => {
  it('pushes the book overlay within 2 s of a progress update, and ends with `revogado` when the token is rotated', async () => {
    const { viewer, book } = await streamer();
    const token = await issueOverlayToken(viewer);
    const stream = await openStream('capa', token);
    expect(stream.response.headers.get('Content-Type')).toContain('text/event-stream');
    const first = await stream.next('overlay');
    expect(JSON.stringify(first)).toContain('Torto Arado');
    expect(JSON.stringify(first)).not.toContain('>42%<');

    const started = Date.now();
    await logProgress(viewer, book, { value: 84, unit: 'page', comment: null, emotion: null, spoiler: false });
    await stream.until((html) => html.includes('>42%<'), 2000);
    expect(Date.now() - started).toBeLessThan(2000);

    await saveOverlayLook(viewer, 'capa', { ...DEFAULT_LOOKS.capa, showPercent: false });
    await stream.until((html) => !html.includes('>42%<'));

    await issueOverlayToken(viewer);
    expect(await stream.next('revogado')).toMatchObject({ event: 'revogado' });
    expect(await stream.next('overlay')).toBe('ended');
    stream.close();
  });

  it('pushes the foca overlay on a session’s start and on a companion change; a wrong token gets no stream', async () => {
    const { viewer, book } = await streamer();
    const token = await issueOverlayToken(viewer);
    const stream = await openStream('foca', token);
    expect(JSON.stringify(await stream.next('overlay'))).toContain('nenhuma sessão de foco agora');
    await startFocusSession(viewer, { editionId: book, plannedMinutes: 25 });
    const running = await stream.until((html) => html.includes('Sessão de foco'));
    expect(running).toContain('data-ends-at');
    expect(running).toContain('25:00');

    const pets = await queryRows<{ id: string }>(
      sql`WITH egg AS (INSERT INTO focus_eggs (id, user_id, rarity, source, source_key, hatched_at)
          VALUES (${newId()}, ${viewer.id}, 'rara', 'milestone', 'teste', now()) RETURNING id)
        INSERT INTO focus_pets (id, user_id, egg_id, species, name) SELECT ${newId()}, ${viewer.id}, egg.id, 'foca-harpa', 'Pipoca' FROM egg RETURNING id`,
    );
    await chooseCompanion(viewer, pets[0]!.id);
    await stream.until((html) => html.includes('Pipoca'));
    await revokeOverlayToken(viewer);
    expect(await stream.next('revogado')).toMatchObject({ event: 'revogado' });
    stream.close();

    const wrong = (await call(focaEvents.loader, obsRequest('/overlay/foca/eventos', token))) as Response;
    expect(wrong.status).toBe(404);
    expect(wrong.body).toBeNull();
  });
});

describe('demo', () => {
  it('gives lia_leitora her looks once, and no token', async () => {
    await createUser({ username: 'lia_leitora' });
    expect(await seedDemoOverlays()).toBe(2);
    expect(await seedDemoOverlays()).toBe(0);
    expect(await queryRows(sql`SELECT 1 FROM overlay_tokens`)).toHaveLength(0);
  });
});

describe('logs', () => {
  it('never carry an overlay token from a URL', () => {
    const line = redactSecrets('GET http://localhost/overlay/capa?token=abcDEF_123-xyz&x=1 failed');
    expect(line).toBe('GET http://localhost/overlay/capa?token=[removido]&x=1 failed');
    expect(redactSecrets('/overlay/foca/eventos?a=1&token=segredo')).toBe('/overlay/foca/eventos?a=1&token=[removido]');
    // Without SMTP the e-mails' links are read from the log (README; e2e/import-restart.spec.ts signs up that way).
    const confirmation = 'http://localhost:3100/auth/verificar-email?token=abc.def&callbackURL=%2F';
    expect(redactSecrets(confirmation)).toBe(confirmation);
  });
});
