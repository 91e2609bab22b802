import { data } from 'react-router';
import type { Route } from './+types/unsprint.participantes';
import { receiveUnsprintBatch, streamerOf } from '~/features/unsprint/credits.server';
import { parseUnsprintBatch } from '~/features/unsprint/validation';
import { TwitchUnavailableError, validateTwitchToken } from '~/integrations/twitch/token.server';
import { log } from '~/server/logger.server';
import { hitRateLimit, rateLimitMessage, rateLimitRules } from '~/server/rate-limit.server';
import { clientIp } from '~/server/request.server';

/**
 * The unSprint bot's endpoint (PRODUCT.md §J, decision 0093): a JSON list of chatters' reports, authorised by the
 * streamer's Twitch OAuth access token as the raw `Authorization` value. 401 for a missing or refused token (and 429
 * after too many from one address), 403 when that Twitch account is linked to no reader, 400 naming the first wrong
 * item, 200 with each item's result otherwise. No cookies are read: this is not a browser's door.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return data({ erro: 'Use POST.' }, { status: 405, headers: { Allow: 'POST' } });
  // Each ask of Twitch is counted before it goes and given back when the token was good, so a burst of guesses at
  // once stops at the limit too: only refused tokens stay counted.
  const refused = rateLimitRules().unsprintRefusedPerIp;
  const ip = clientIp(request);
  const standing = await hitRateLimit(refused, ip);
  if (!standing.ok)
    return data({ erro: rateLimitMessage(standing.retryAfterSeconds) }, { status: 429, headers: { 'Retry-After': String(standing.retryAfterSeconds) } });
  const token = request.headers.get('authorization')?.trim() ?? '';
  let twitch;
  try {
    twitch = token && token.length <= 200 ? await validateTwitchToken(token) : null;
  } catch (error) {
    if (!(error instanceof TwitchUnavailableError)) throw error;
    await hitRateLimit(refused, ip, -1);
    log.warn('unsprint.twitch_unavailable', { message: error.message });
    return data(
      { erro: 'Não foi possível confirmar o token com a Twitch agora. Tente de novo em instantes.' },
      { status: 503, headers: { 'Retry-After': '30' } },
    );
  }
  if (!twitch)
    return data({ erro: 'Token da Twitch ausente ou inválido: envie o token de acesso da conta do streamer no cabeçalho Authorization.' }, { status: 401 });
  await hitRateLimit(refused, ip, -1);
  const streamer = await streamerOf(twitch);
  if (!streamer)
    return data(
      { erro: `A conta da Twitch @${twitch.login} não está conectada a nenhum leitor do Maratona. Conecte-a em /configuracoes/conexoes.` },
      { status: 403 },
    );
  const body: unknown = await request.json().catch(() => undefined);
  const batch = parseUnsprintBatch(body);
  if (!batch.ok) return data({ erro: batch.error, indice: batch.index, item: batch.item }, { status: 400 });
  const outcomes = await receiveUnsprintBatch(streamer, batch.items);
  return data({ resultados: batch.items.map((item, indice) => ({ indice, username: item.username, sprint: item.sprint, resultado: outcomes[indice] })) });
}

export function loader() {
  return data({ erro: 'Use POST.' }, { status: 405, headers: { Allow: 'POST' } });
}
