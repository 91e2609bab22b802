import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { getEnv } from '~/server/env.server';

/**
 * Where a marathon webhook may POST (decision 0078): http or https on any port, to a public address only. A URL is
 * checked when it is saved and again at every delivery after DNS resolution, and the request connects to the very
 * address that was checked, so a name that resolves elsewhere a second later (DNS rebinding) cannot move it.
 * Redirects are not followed. `WEBHOOKS_ALLOW_LOOPBACK=true` (development only) lets loopback through.
 */
const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_TIMEOUT_MS = 10_000;

// Two lists: a BlockList checks an IPv4 address against its IPv6 rules too (as ::ffff:a.b.c.d), so one list refusing
// IPv4-mapped IPv6 would refuse every IPv4 address.
const blockedV4 = new BlockList();
const blockedV6 = new BlockList();
const IPV4_REFUSED: [string, number][] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 itself
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255
];
const IPV6_REFUSED: [string, number][] = [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['::ffff:0:0', 96], // IPv4-mapped: the IPv4 side would be reached
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];
for (const [net, prefix] of IPV4_REFUSED) blockedV4.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of IPV6_REFUSED) blockedV6.addSubnet(net, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Why an address may not be a webhook's target, or null when it may. */
export function refusedAddress(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return 'não é um endereço IP';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (getEnv().WEBHOOKS_ALLOW_LOOPBACK === 'true' && loopback.check(address, type)) return null;
  return (family === 4 ? blockedV4 : blockedV6).check(address, type) ? 'é de uma rede privada, local ou reservada' : null;
}

export class WebhookTargetError extends Error {
  override name = 'WebhookTargetError';
}

const PUBLIC_ONLY = 'o webhook precisa de um endereço público na internet.';

/** The URL, parsed and normalised, or why it cannot be a webhook's (before any DNS). */
function parseWebhookUrl(raw: string): URL {
  const text = raw.trim();
  if (text.length > WEBHOOK_URL_MAX) throw new WebhookTargetError(`O endereço pode ter até ${WEBHOOK_URL_MAX} caracteres.`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new WebhookTargetError('Digite o endereço completo, começando com https:// (por exemplo, https://exemplo.com.br/webhook).');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new WebhookTargetError('Só endereços http:// ou https://.');
  if (url.username || url.password) throw new WebhookTargetError('Tire o usuário e a senha do endereço: a autenticação vai na chave de API.');
  url.hash = '';
  const host = hostOf(url);
  if (isIP(host)) {
    const why = refusedAddress(host);
    if (why) throw new WebhookTargetError(`O endereço ${host} ${why}: ${PUBLIC_ONLY}`);
  }
  return url;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * The address a delivery connects to: the URL's literal IP, or its name resolved now, every address it resolves to
 * checked (one private address is enough to refuse it: the resolver could hand out either).
 */
async function resolveWebhookTarget(url: URL): Promise<{ address: string; family: 4 | 6 }> {
  const host = hostOf(url);
  const literal = isIP(host);
  const addresses = literal
    ? [{ address: host, family: literal }]
    : await lookup(host, { all: true, verbatim: true }).catch(() => {
        throw new WebhookTargetError(`Não encontramos o domínio "${host}": confira o endereço.`);
      });
  if (!addresses.length) throw new WebhookTargetError(`O domínio "${host}" não tem endereço.`);
  for (const { address } of addresses) {
    const why = refusedAddress(address);
    if (why) throw new WebhookTargetError(`${literal ? `O endereço ${host}` : `"${host}" aponta para ${address}, que`} ${why}: ${PUBLIC_ONLY}`);
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** The URL as the organiser typed it, checked in full (with DNS) before it is saved; the normalised URL. */
export async function checkWebhookUrl(raw: string): Promise<string> {
  const url = parseWebhookUrl(raw);
  await resolveWebhookTarget(url);
  return url.href;
}

type WebhookResponse = { status: number | null; durationMs: number; error: string | null };

/**
 * POSTs the body to the URL, connecting only to the checked address; never follows a redirect (a 3xx is a failure
 * that says so). Resolves with what happened, never throws: the caller logs it.
 */
export async function postToWebhook(rawUrl: string, body: string, headers: Record<string, string>): Promise<WebhookResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: { address: string; family: 4 | 6 };
  let url: URL;
  try {
    url = parseWebhookUrl(rawUrl);
    target = await resolveWebhookTarget(url);
  } catch (error) {
    return { status: null, durationMs: elapsed(), error: error instanceof WebhookTargetError ? error.message : 'Endereço inválido.' };
  }
  // Node asks for every address when it may try several families (autoSelectFamily): it gets only the checked one.
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<WebhookResponse>((resolve) => {
    // A header Node refuses (an old key saved before it was checked) throws at once: an answer like any failure.
    let request: http.ClientRequest;
    try {
      request = client.request(
        url,
        {
          method: 'POST',
          lookup: pinned,
          headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
          signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
          // A fresh connection each time: a kept-alive socket would skip the address check of the next delivery.
          agent: false,
        },
        (response) => {
          const status = response.statusCode ?? 0;
          // The body is not kept (nor shown): only whether it answered, and how.
          response.resume();
          response.on('end', () => {
            const error =
              status >= 200 && status < 300
                ? null
                : status >= 300 && status < 400
                  ? `O destino respondeu ${status} (redirecionamento), que não seguimos: cadastre o endereço final.`
                  : `O destino respondeu ${status}.`;
            resolve({ status, durationMs: elapsed(), error });
          });
          response.on('error', () => resolve({ status, durationMs: elapsed(), error: 'A resposta do destino foi interrompida.' }));
        },
      );
    } catch {
      resolve({ status: null, durationMs: elapsed(), error: 'A chave de API ou um cabeçalho não pôde ser enviado: salve a chave de novo.' });
      return;
    }
    request.on('error', (error: NodeJS.ErrnoException) => {
      const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
      resolve({
        status: null,
        durationMs: elapsed(),
        error: timedOut
          ? `O destino não respondeu em ${WEBHOOK_TIMEOUT_MS / 1000} s.`
          : `Não foi possível conectar ao destino (${error.code ?? 'erro de rede'}).`,
      });
    });
    request.end(body);
  });
}
