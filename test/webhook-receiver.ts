import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: string };

/**
 * A local HTTP receiver on 127.0.0.1 for webhook tests: keeps every request (raw body included) and answers with
 * what `respond` says (or promises) for the nth request (from 1): a status, and headers such as a redirect's Location.
 */
type Answer = { status: number; headers?: Record<string, string> };

export async function startReceiver(respond: (n: number) => Answer | Promise<Answer> = () => ({ status: 200 })) {
  const requests: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const { status, headers } = await respond(requests.length);
      res.writeHead(status, { 'Content-Type': 'text/plain', ...headers });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
