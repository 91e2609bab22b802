/**
 * The WCAG 2 contrast check of a club's colours (DESIGN.md: clubs choose their colours, the check applies to
 * them). The club header puts white text on both, so each must reach AA for normal text against white.
 * Pure, so the live preview shows the same verdict the server gives.
 */
export const MIN_CONTRAST_WITH_WHITE = 4.5;

const HEX = /^#[0-9a-f]{6}$/;

/** `#RGB` or `#RRGGBB`, with or without the `#`, as `#rrggbb`; null when it is not a colour. */
export function normaliseHex(input: string): string | null {
  const value = input.trim().toLowerCase().replace(/^#?/, '#');
  const full = /^#[0-9a-f]{3}$/.test(value) ? `#${[...value.slice(1)].map((c) => c + c).join('')}` : value;
  return HEX.test(full) ? full : null;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of a `#rrggbb` colour (WCAG 2.x). */
export function relativeLuminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrastWithWhite(hex: string): number {
  return 1.05 / (relativeLuminance(hex) + 0.05);
}

/** "4,5:1", as the form shows a ratio (rounded down, so a colour is never shown as passing when it does not). */
export const formatRatio = (ratio: number) => `${(Math.floor(ratio * 10) / 10).toLocaleString('pt-BR', { minimumFractionDigits: 1 })}:1`;

/** What is wrong with a colour typed for the club, in Portuguese, or null when white text reads on it. */
export function colorProblem(input: string): string | null {
  const hex = normaliseHex(input);
  if (!hex) return 'Use uma cor no formato #rrggbb, como #1f5f5b.';
  const ratio = contrastWithWhite(hex);
  if (ratio < MIN_CONTRAST_WITH_WHITE)
    return `Texto branco sobre essa cor fica com contraste ${formatRatio(ratio)}, abaixo do mínimo de 4,5:1. Escolha uma cor mais escura.`;
  return null;
}
