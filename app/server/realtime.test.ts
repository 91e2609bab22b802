import { sql } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDatabase, queryRows } from '~/db/client.server';
import { newId } from '~/lib/ids';
import { useTestDatabase } from '../../test/db';
import { closeRealtime, eventStream, publish, subscribe } from './realtime.server';

useTestDatabase();

describe('realtime', () => {
  afterEach(() => vi.restoreAllMocks());

  it('delivers a published event to subscribers in the same process', async () => {
    const received: unknown[] = [];
    const off = await subscribe('livro', (p) => received.push(p));
    await publish('livro', { id: 'abc' });
    await expect.poll(() => received).toEqual([{ id: 'abc' }]);
    await off();
    await publish('livro', { id: 'depois' });
    await new Promise((r) => setTimeout(r, 100));
    expect(received).toHaveLength(1);
  });

  it('streams events as server-sent events and stops when the client leaves', async () => {
    const controller = new AbortController();
    const request = new Request('http://localhost/stream', { signal: controller.signal });
    let cleaned = false;
    const response = eventStream(request, async (send) => {
      send('unread', 3);
      return () => {
        cleaned = true;
      };
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes('event: unread')) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toContain('data: 3');
    controller.abort();
    await expect.poll(() => cleaned).toBe(true);
  });

  it('a stream whose client left before it opened never starts; one left while it opened cleans up once started', async () => {
    const calls: string[] = [];
    const gone = new AbortController();
    gone.abort();
    eventStream(new Request('http://localhost/stream', { signal: gone.signal }), async () => {
      calls.push('before: started');
      return () => void calls.push('before: cleaned');
    });
    const leaving = new AbortController();
    eventStream(new Request('http://localhost/stream', { signal: leaving.signal }), async () => {
      leaving.abort();
      await new Promise((resolve) => setTimeout(resolve, 50));
      calls.push('while: started');
      return () => void calls.push('while: cleaned');
    });
    // Nobody reads these responses (the framework drops them once the request is aborted): the cleanup still runs.
    await expect.poll(() => calls).toEqual(['while: started', 'while: cleaned']);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'delivers across two server processes sharing one PostgreSQL',
    async () => {
      const database = getDatabase();
      if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/realtime-child.ts', 'entre-servidores'], {
        env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await expect.poll(() => output, { timeout: 15_000 }).toContain('ready');
      await publish('entre-servidores', { de: 'outro processo' });
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(0);
      expect(output).toContain('received {"de":"outro processo"}');
    },
    30_000,
  );

  it('a LISTEN that failed once does not leave the channel deaf for every later subscriber', async () => {
    // The first LISTEN fails (the listening connection reset as it was made), once.
    const database = getDatabase();
    let failOnce = true;
    if (database.kind === 'pglite') {
      const listen = database.pglite.listen.bind(database.pglite);
      vi.spyOn(database.pglite, 'listen').mockImplementation((...args: Parameters<typeof listen>) => {
        if (!failOnce) return listen(...args);
        failOnce = false;
        return Promise.reject(new Error('connection reset'));
      });
    } else {
      const query = pg.Client.prototype.query;
      vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
        if (failOnce && typeof args[0] === 'string' && args[0].startsWith('LISTEN ')) {
          failOnce = false;
          return Promise.reject(new Error('connection reset'));
        }
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof query);
    }
    const channel = `canal:${newId()}`;
    await expect(subscribe(channel, () => undefined)).rejects.toThrow('connection reset');
    // The next page to subscribe (the member's reconnect) must hear the channel.
    const heard: unknown[] = [];
    const off = await subscribe(channel, (payload) => heard.push(payload));
    await publish(channel, { kind: 'presence' });
    await expect.poll(() => heard, { timeout: 2000 }).toEqual([{ kind: 'presence' }]);
    await off();
  });

  it.skipIf(!process.env.DATABASE_URL)('closing realtime while a page subscribes leaves no listening connection open behind it', async () => {
    // A page subscribing as the server stops: its LISTEN is queued on the listener when closeRealtime runs.
    const subscribing = subscribe(`canal:${newId()}`, () => undefined).catch(() => undefined);
    await closeRealtime();
    await subscribing;
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The queued LISTEN does nothing after the close: no new listening connection that nobody would end.
    const [row] = await queryRows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`,
    );
    expect(row!.n).toBe(0);
  });
});
