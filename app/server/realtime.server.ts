import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { type Db, type Tx, getDatabase, getDb } from '~/db/client.server';
import { log } from './logger.server';

/**
 * Realtime fan-out through Postgres LISTEN/NOTIFY: on PGlite it stays in the one process; on PostgreSQL
 * every server listens on a dedicated connection, so an event published by one reaches the others.
 */
type Listener = (payload: string) => void;
/** A channel this server hears: its pages' listeners, and its LISTEN (every subscriber waits for it to take). */
type Channel = { listeners: Set<Listener>; listening: Promise<void> };
const channels = new Map<string, Channel>();
let pgListener: pg.Client | undefined;
const pgliteUnlisten = new Map<string, () => Promise<void>>();
/** Bumped by closeRealtime: listener work queued before a close finds it changed and does nothing. */
let generation = 0;

// Hashed so any id can be part of a channel without colliding or breaking identifier rules.
const channelName = (channel: string) => `rt_${createHash('sha1').update(channel).digest('hex')}`;

/**
 * Inside a transaction pass its `tx`: Postgres then delivers the event only if it commits, and PGlite's
 * single connection is not asked for a second statement while the transaction holds it.
 */
export async function publish(channel: string, payload: unknown, db: Db | Tx = getDb()): Promise<void> {
  const text = JSON.stringify(payload);
  // NOTIFY payloads are limited to 8000 bytes: events carry ids, and readers load the rest.
  if (Buffer.byteLength(text) > 7900) throw new Error(`Realtime payload too large on ${channel}`);
  await db.execute(sql`SELECT pg_notify(${channelName(channel)}, ${text})`);
}

/**
 * Hears `channel` until the returned function is called. A LISTEN that fails rejects every subscriber waiting on
 * it and forgets the channel, so the next subscriber (a page reconnecting) listens again.
 */
export async function subscribe(channel: string, onMessage: (payload: unknown) => void): Promise<() => Promise<void>> {
  const name = channelName(channel);
  const listener: Listener = (raw) => {
    try {
      onMessage(JSON.parse(raw));
    } catch (error) {
      log.warn('realtime.bad_payload', { channel, error });
    }
  };
  let entry = channels.get(name);
  if (!entry) {
    const created: Channel = {
      listeners: new Set(),
      listening: listenOnDatabase(name).catch((error: unknown) => {
        if (channels.get(name) === created) channels.delete(name);
        throw error;
      }),
    };
    channels.set(name, created);
    entry = created;
  }
  const current = entry;
  current.listeners.add(listener);
  try {
    await current.listening;
  } catch (error) {
    current.listeners.delete(listener);
    throw error;
  }
  return async () => {
    current.listeners.delete(listener);
    if (current.listeners.size === 0 && channels.get(name) === current) {
      channels.delete(name);
      await unlistenOnDatabase(name);
    }
  };
}

const dispatch = (name: string, payload: string) => {
  for (const listener of channels.get(name)?.listeners ?? []) listener(payload);
};

async function listenOnDatabase(name: string) {
  const database = getDatabase();
  if (database.kind === 'pglite') {
    pgliteUnlisten.set(name, await database.pglite.listen(name, (payload) => dispatch(name, payload)));
    return;
  }
  const opened = generation;
  await onListener(async () => {
    if (generation !== opened) throw new Error('Realtime closed');
    if (!pgListener) {
      const client = new pg.Client({ connectionString: database.url });
      client.on('notification', (message) => dispatch(message.channel, message.payload ?? ''));
      client.on('error', (error) => log.error('realtime.listener_error', { error }));
      await client.connect();
      pgListener = client;
    }
    await pgListener.query(`LISTEN "${name}"`);
  });
}

/**
 * The listening connection's statements, one at a time (many pages subscribing at once would otherwise queue them
 * on one client, which pg deprecates), in order, so a LISTEN and an UNLISTEN of one channel never cross.
 */
let listenerQueue: Promise<unknown> = Promise.resolve();
function onListener(work: () => Promise<void>): Promise<void> {
  const done = listenerQueue.then(work);
  listenerQueue = done.catch(() => undefined);
  return done;
}

async function unlistenOnDatabase(name: string) {
  const unlisten = pgliteUnlisten.get(name);
  if (unlisten) {
    pgliteUnlisten.delete(name);
    await unlisten();
  } else {
    // A listener closed meanwhile (the server stopping) has nothing left to unlisten.
    const opened = generation;
    await onListener(async () => {
      if (generation !== opened) return;
      await pgListener?.query(`UNLISTEN "${name}"`).catch((error: unknown) => log.warn('realtime.unlisten_failed', { error }));
    });
  }
}

/**
 * Stops listening (the server stopping, a test ending). The listener's statement in flight finishes first and the
 * ones queued behind it do nothing, so no listening connection is opened after the close.
 */
export async function closeRealtime(): Promise<void> {
  generation += 1;
  channels.clear();
  pgliteUnlisten.clear();
  await listenerQueue;
  // Unset first: the pages' cleanups that run after this have nothing left to unlisten.
  const client = pgListener;
  pgListener = undefined;
  await client?.end();
}

/**
 * A server-sent-events response: `start` subscribes and returns its cleanup, which runs once, when the client goes
 * away or when the server ends the stream (`end`, e.g. the reader may no longer see what it follows). A comment
 * every 25 s keeps proxies from closing an idle stream.
 */
export function eventStream(
  request: Request,
  start: (send: (event: string, data: unknown) => void, end: () => void) => Promise<() => Promise<void> | void>,
): Response {
  const encoder = new TextEncoder();
  let cleanup: (() => Promise<void> | void) | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let ended = false;
  const stop = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    runCleanup();
  };
  // A cleanup failing (the database closing as the server stops) must not take the process down.
  const runCleanup = () => void Promise.resolve(cleanup?.()).catch((error: unknown) => log.warn('realtime.cleanup_failed', { error }));
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: string, data: unknown) => {
        try {
          controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
        } catch {
          // The stream closed between the event and this write.
        }
      };
      const end = () => {
        stop();
        try {
          controller.close();
        } catch {
          // Already closed.
        }
      };
      // A client gone before or while `start` runs (the tab closed as the page opened: the response may then never
      // be read nor cancelled) ends the stream too, and the cleanup runs as soon as `start` returns it.
      if (request.signal.aborted) {
        end();
        return;
      }
      request.signal.addEventListener('abort', end, { once: true });
      controller.enqueue(encoder.encode('retry: 2000\n\n'));
      cleanup = await start(send, end);
      if (ended) {
        runCleanup();
        return;
      }
      heartbeat = setInterval(() => controller.enqueue(encoder.encode(': ping\n\n')), 25_000);
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' },
  });
}
