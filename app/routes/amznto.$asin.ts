import type { Route } from './+types/amznto.$asin';
import { recordAffiliateClick } from '~/features/catalog/mutations.server';
import { asinParam } from '~/features/catalog/validation';
import { sameSitePath } from '~/lib/same-site-path';
import { getEnv } from '~/server/env.server';
import { getViewer } from '~/server/viewer.server';

/**
 * Counted redirect to the Brazilian Amazon page of one ASIN. The target is built from a validated ASIN
 * only, so this can never become an open redirect.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const asin = asinParam.safeParse(params.asin);
  if (!asin.success) return new Response('Produto não encontrado.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const viewer = await getViewer({ request, context });
  // Only our own pages are recorded as the referrer: a path, never another site's address.
  await recordAffiliateClick(viewer, { asin: asin.data, referrerPath: sameSitePath(request.headers.get('referer'), getEnv().publicUrl) });
  const target = new URL(`https://www.amazon.com.br/dp/${asin.data}`);
  const tag = getEnv().AMAZON_AFFILIATE_TAG;
  if (tag) target.searchParams.set('tag', tag);
  return new Response(null, { status: 302, headers: { Location: target.toString(), 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' } });
}
