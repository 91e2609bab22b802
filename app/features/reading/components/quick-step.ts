import type { ProgressUnit } from '../vocabulary';

/** The one-tap step on /home: ten pages (minutes, percent) forward. */
export const QUICK_STEP = 10;

/** The one-tap button's words. */
export const QUICK_STEP_LABEL: Record<ProgressUnit, string> = { page: `+${QUICK_STEP} páginas`, percent: `+${QUICK_STEP}%`, minute: `+${QUICK_STEP} minutos` };
