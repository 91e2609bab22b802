/** Words and figures of the admin pages. */
import { DASHBOARD_WEEKS, ENGAGEMENT_DAYS } from './limits';

export const DASHBOARD_WEEKS_LABEL = `últimas ${DASHBOARD_WEEKS} semanas`;
export const ENGAGEMENT_DAYS_LABEL = `últimos ${ENGAGEMENT_DAYS} dias`;

const price = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
/** "R$ 9,90", or "Grátis". */
export const formatPrice = (cents: number) => (cents === 0 ? 'Grátis' : price.format(cents / 100));
