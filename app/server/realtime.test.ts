import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '~/db/client.server';
import { useTestDatabase } from '../../test/db';
import { eventStream, publish, subscribe } from './realtime.server';

useTestDatabase();

describe('realtime', () => {
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
});
