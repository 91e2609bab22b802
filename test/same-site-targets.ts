import { SAME_SITE_TARGET_MAX } from '~/lib/same-site-path';

/** The origin the tests' requests are made to (PUBLIC_URL in test/setup.ts). */
export const TEST_ORIGIN = 'http://localhost:3000';

/** A target a request may carry, and the path sameSitePath makes of it: null when it does not stay on our site. */
export type TargetCase = { target: string; path: string | null };

const refused = (target: string): TargetCase => ({ target, path: null });
const kept = (target: string, path = target): TargetCase => ({ target, path });

/** Open-redirect payloads (refused) and same-site addresses (kept, written out normalised). */
export const targetCases: readonly TargetCase[] = [
  // Another host written as a path: two slashes, backslashes, dot segments that leave two slashes.
  refused('//evil.example/x'),
  refused('///evil.example/x'),
  refused('////evil.example/x'),
  refused('/\\evil.example/x'),
  refused('\\/evil.example/x'),
  refused('\\\\evil.example/x'),
  refused('/\\/evil.example/x'),
  refused('/.//evil.example/x'),
  refused('/..//evil.example/x'),
  refused('/./\\evil.example/x'),
  refused('.//evil.example/x'),
  refused('/%2e//evil.example/x'),
  refused('/%2E%2E//evil.example/x'),
  refused('http://localhost:3000//evil.example/x'),
  refused('http://localhost:3000/.//evil.example/x'),
  // Tabs, newlines and spaces the URL parser (and so the browser) drops.
  refused('/\t/evil.example/x'),
  refused('/\n/evil.example/x'),
  refused('/\r\n/evil.example/x'),
  refused('\t//evil.example/x'),
  refused(' //evil.example/x'),
  // Slashes and backslashes percent-encoded, which a decoding step turns into `//` or `/\`.
  refused('%2F%2Fevil.example/x'),
  refused('/%2F%2Fevil.example/x'),
  refused('/%2f/evil.example/x'),
  refused('/%5Cevil.example/x'),
  refused('/%5c%5cevil.example/x'),
  // Other sites, ports and schemes; userinfo that hides the host.
  refused('https://evil.example/x'),
  refused('HTTPS://EVIL.EXAMPLE/x'),
  refused('https:evil.example/x'),
  refused('http:/\\evil.example/x'),
  refused('http://localhost:3000@evil.example/x'),
  refused('http://localhost:3000%40evil.example/x'),
  refused('http://localhost:3001/x'),
  refused('https://localhost:3000/x'),
  refused('ftp://localhost:3000/x'),
  // Scripts and documents, in any case, with a tab inside.
  refused('javascript:alert(1)'),
  refused('JaVaScRiPt:alert(1)'),
  refused('java\tscript:alert(1)'),
  refused(' javascript:alert(1)'),
  refused('data:text/html,<script>alert(1)</script>'),
  refused('DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='),
  refused('vbscript:msgbox(1)'),
  // Hosts that only look like ours or like another: IDN homograph, full-width letters.
  refused('http://lоcalhost:3000/x'),
  refused('//ｅｖｉｌ.example/x'),
  // Over-long, empty, unparseable.
  refused(`/${'a'.repeat(SAME_SITE_TARGET_MAX)}`),
  refused(''),
  refused('http://[::1'),

  kept('/configuracoes/conta'),
  kept('/novidades?pagina=2#topo'),
  kept('/termos?voltar=//evil.example/x'),
  kept('/termos?q=%2F%2Fevil.example'),
  kept('/termos#//evil.example/x'),
  kept('/politica//termos'),
  kept('/termos/%09/x'),
  kept('/a/../termos', '/termos'),
  kept('/./termos', '/termos'),
  kept('termos', '/termos'),
  kept('/ter\tmos', '/termos'),
  kept('/u/joão', '/u/jo%C3%A3o'),
  kept('http://localhost:3000/termos', '/termos'),
  kept('hTtP://LOCALHOST:3000/termos', '/termos'),
  kept('//localhost:3000/termos', '/termos'),
  kept('http://evil.example@localhost:3000/termos', '/termos'),
  kept(`/${'a'.repeat(SAME_SITE_TARGET_MAX - 1)}`),
];

/**
 * Whether a browser told to go to `target` from a page of ours stays on our origin, and stays there when
 * the path it lands on is given to it once more (a Location of it, an href, `location.assign`).
 */
export function landsOnSite(target: string, origin = TEST_ORIGIN): boolean {
  const first = new URL(target, origin);
  if (first.origin !== origin) return false;
  return new URL(first.pathname + first.search + first.hash, origin).origin === origin;
}
