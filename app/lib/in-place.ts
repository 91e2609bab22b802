import type { MouseEvent } from 'react';

/**
 * A link's plain left click done in place instead (a click with a modifier still opens the link, in a new tab or
 * window). The link's address opens the same thing without JavaScript (`?responder=`, `?editar=`).
 */
export const inPlace = (act: () => void) => (event: MouseEvent) => {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  act();
};
