/** Dates as a Brazilian reader reads them, in São Paulo time: "22 de nov. de 2026". */
const dateFormat = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'America/Sao_Paulo' });
const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' });

export const formatDate = (iso: string | Date) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string | Date) => dateTimeFormat.format(new Date(iso));

const numberFormat = new Intl.NumberFormat('pt-BR');
/** "1.234", "5,5". */
export const formatNumber = (n: number) => numberFormat.format(n);
