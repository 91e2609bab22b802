import type { OverlayKind, OverlayPosition, OverlaySize } from './vocabulary';

/** How an overlay looks: the settings a reader edits on /foca/overlay and /foca/capa/overlay (decision 0092). */
export type OverlayLook = {
  size: OverlaySize;
  position: OverlayPosition;
  textColour: string;
  cardColour: string;
  accentColour: string;
  showProgressBar: boolean;
  showPercent: boolean;
  showPetName: boolean;
};

/** The site's own colours (DESIGN.md), offered first; any other `#rrggbb` passes the contrast check below. */
export const OVERLAY_PALETTE = [
  { name: 'Papel', hex: '#fbf8f1' },
  { name: 'Branco', hex: '#ffffff' },
  { name: 'Tinta', hex: '#1c1b1f' },
  { name: 'Noite', hex: '#11161d' },
  { name: 'Mar', hex: '#1d4e7a' },
  { name: 'Céu', hex: '#8dbdeb' },
  { name: 'Coral', hex: '#b84a2e' },
  { name: 'Salmão', hex: '#f29072' },
  { name: 'Lido', hex: '#2c6e49' },
  { name: 'Areia', hex: '#e8b458' },
] as const;

export const DEFAULT_LOOKS: Record<OverlayKind, OverlayLook> = {
  capa: {
    size: 'md',
    position: 'bottom-left',
    textColour: '#1c1b1f',
    cardColour: '#fbf8f1',
    accentColour: '#1d4e7a',
    showProgressBar: true,
    showPercent: true,
    showPetName: true,
  },
  foca: {
    size: 'md',
    position: 'bottom-right',
    textColour: '#1c1b1f',
    cardColour: '#fbf8f1',
    accentColour: '#b84a2e',
    showProgressBar: true,
    showPercent: true,
    showPetName: true,
  },
};

export const SIZE_LABELS = { sm: 'Pequeno', md: 'Médio', lg: 'Grande' } as const;
export const POSITION_LABELS = {
  'top-left': 'Em cima, à esquerda',
  'top-right': 'Em cima, à direita',
  'bottom-left': 'Embaixo, à esquerda',
  'bottom-right': 'Embaixo, à direita',
} as const;

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The text must read on the card, on any stream: the site's own bar for text (DESIGN.md). */
export const MIN_TEXT_CONTRAST = 4.5;
