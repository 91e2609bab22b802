import { eventStream, subscribe } from '~/server/realtime.server';
import { clientIp } from '~/server/request.server';
import { readerOfTokenHash, resolveOverlayToken } from './access.server';
import { overlayChannel } from './live.server';
import { overlayContentOf } from './queries.server';
import { EMPTY_OVERLAY, overlayDocument, renderOverlayCard } from './render.server';
import type { OverlayKind } from './vocabulary';

/**
 * The OBS URLs (decision 0092): `/overlay/capa?token=…`, `/overlay/foca?token=…` and their `/eventos` streams. No
 * session is read nor cookie set; the token in the query is the only credential. Never stored by a cache, never
 * sending a Referer (server.ts sets `Referrer-Policy: no-referrer` on /overlay/, the document repeats it).
 */
const HEADERS = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex' };

/** A wrong, revoked or missing token: the same empty page and status; an address over its limit: 429. */
function refused(retryAfterSeconds?: number): Response {
  const headers: Record<string, string> = { ...HEADERS, 'Content-Type': 'text/html; charset=utf-8' };
  if (retryAfterSeconds) headers['Retry-After'] = String(retryAfterSeconds);
  return new Response(EMPTY_OVERLAY, { status: retryAfterSeconds ? 429 : 404, headers });
}

async function access(request: Request) {
  const token = new URL(request.url).searchParams.get('token');
  return resolveOverlayToken(token, clientIp(request));
}

const retryAfter = (result: Awaited<ReturnType<typeof access>>) =>
  !result.ok && result.limited && !result.limited.ok ? result.limited.retryAfterSeconds : undefined;

export async function overlayPage(request: Request, kind: OverlayKind): Promise<Response> {
  const result = await access(request);
  if (!result.ok) return refused(retryAfter(result));
  const content = await overlayContentOf(result.userId, kind);
  return new Response(overlayDocument(content), { headers: { ...HEADERS, 'Content-Type': 'text/html; charset=utf-8' } });
}

/**
 * The overlay's live stream: the card as it is now on connecting (so a reconnection, after a server restart too,
 * catches up), then again at each signal on the reader's channel. Each signal asks again whether the token still
 * finds the reader: once rotated or revoked, `revogado` is sent and the stream ends — in the transaction's commit,
 * as the mutations signal inside it.
 */
export async function overlayEvents(request: Request, kind: OverlayKind): Promise<Response> {
  const result = await access(request);
  if (!result.ok) return new Response(null, { status: retryAfter(result) ? 429 : 404, headers: HEADERS });
  const { userId, tokenHash } = result;
  const response = eventStream(request, async (send, end) => {
    let running: Promise<void> = Promise.resolve();
    const push = () => {
      // One reading at a time, in order: a burst of signals never sends an older card after a newer one.
      running = running
        .catch(() => undefined)
        .then(async () => {
          if ((await readerOfTokenHash(tokenHash)) !== userId) {
            send('revogado', {});
            end();
            return;
          }
          send('overlay', { html: renderOverlayCard(await overlayContentOf(userId, kind)) });
        });
      return running;
    };
    const unsubscribe = await subscribe(overlayChannel(userId), () => void push().catch(() => end()));
    await push().catch(() => end());
    return unsubscribe;
  });
  for (const [name, value] of Object.entries(HEADERS)) response.headers.set(name, value);
  return response;
}
