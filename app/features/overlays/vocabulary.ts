/**
 * The words the overlays' tables store (decision 0092): which overlay a row of settings is for, and the small sets a
 * reader chooses from on /foca/overlay and /foca/capa/overlay.
 */
export const OVERLAY_KINDS = ['capa', 'foca'] as const;
export type OverlayKind = (typeof OVERLAY_KINDS)[number];

export const OVERLAY_SIZES = ['sm', 'md', 'lg'] as const;
export type OverlaySize = (typeof OVERLAY_SIZES)[number];

/** Where the card sits in the OBS source's frame (the source is usually the whole 1920×1080 canvas). */
export const OVERLAY_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type OverlayPosition = (typeof OVERLAY_POSITIONS)[number];

/** A colour is `#rrggbb`: the palette's or one the reader typed, checked by this pattern before it is stored. */
export const HEX_COLOUR = /^#[0-9a-f]{6}$/;
