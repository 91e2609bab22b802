/**
 * Plan prices (PRODUCT.md §E, §P): whole cents in rows, Brazilian reais on the page ("R$ 9,90"), typed by
 * admins the way they write money ("9,90", "R$ 1.234,50", "10"); blank or zero is a free plan. Pure, so the
 * form and the action share it.
 */

/** The dearest monthly plan a club may set (a guard against a typo of a few zeros). */
export const PLAN_PRICE_MAX_CENTS = 100_000;
/** The cheapest paid plan: payment providers refuse charges below about fifty centavos. */
export const PLAN_PRICE_MIN_CENTS = 100;

const currency = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** "R$ 9,90" — Intl writes a no-break space after the symbol, as Brazilian prices are printed. */
export function formatPrice(cents: number): string {
  return currency.format(cents / 100);
}

/** "Grátis" or "R$ 9,90 por mês". */
export function formatMonthlyPrice(cents: number): string {
  return cents === 0 ? 'Grátis' : `${formatPrice(cents)} por mês`;
}

/** "9,90" for an edit form's field (blank for a free plan). */
export function priceFieldValue(cents: number): string {
  return cents === 0 ? '' : (cents / 100).toFixed(2).replace('.', ',');
}

export type ParsedPrice = { ok: true; cents: number } | { ok: false; message: string };

const WITH_COMMA = /^(\d{1,3}(?:\.\d{3})+|\d+),(\d{1,2})$/;
const THOUSANDS_ONLY = /^\d{1,3}(?:\.\d{3})+$/;
const PLAIN = /^\d+$/;
const DOT_DECIMAL = /^(\d+)\.(\d{1,2})$/;

/**
 * Reads a typed price: a comma is the decimal mark and dots group thousands ("1.234,50"); without a comma a
 * dot followed by three digits groups thousands ("1.000") and one followed by one or two digits is a decimal
 * mark ("9.90"), as people paste prices from elsewhere.
 */
export function parsePrice(typed: string): ParsedPrice {
  const text = typed.replace(/^\s*R\$\s*/i, '').replace(/\s/g, '');
  let reais: string;
  let centavos = '0';
  const comma = WITH_COMMA.exec(text);
  const dot = DOT_DECIMAL.exec(text);
  if (text === '') return { ok: true, cents: 0 };
  if (comma) [reais, centavos] = [comma[1]!, comma[2]!];
  else if (THOUSANDS_ONLY.test(text) || PLAIN.test(text)) reais = text;
  else if (dot) [reais, centavos] = [dot[1]!, dot[2]!];
  else return { ok: false, message: 'Escreva o preço em reais, como 9,90 (ou deixe em branco para um plano gratuito).' };
  const cents = Number(reais.replaceAll('.', '')) * 100 + Number(centavos.padEnd(2, '0'));
  if (cents === 0) return { ok: true, cents: 0 };
  if (cents < PLAN_PRICE_MIN_CENTS) return { ok: false, message: `Um plano pago custa pelo menos ${formatPrice(PLAN_PRICE_MIN_CENTS)} por mês.` };
  if (cents > PLAN_PRICE_MAX_CENTS) return { ok: false, message: `Um plano custa no máximo ${formatPrice(PLAN_PRICE_MAX_CENTS)} por mês.` };
  return { ok: true, cents };
}
