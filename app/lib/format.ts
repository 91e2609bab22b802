/**
 * Intl formats a value in microseconds, and a bookshelf page formats hundreds of dates and names that the next
 * page repeats; each formatter keeps its last results (at most 2,000, then starts afresh).
 */
function remembered<K extends string | number>(format: (key: K) => string): (key: K) => string {
  const results = new Map<K, string>();
  return (key) => {
    let text = results.get(key);
    if (text === undefined) {
      if (results.size >= 2_000) results.clear();
      text = format(key);
      results.set(key, text);
    }
    return text;
  };
}

/** Dates as a Brazilian reader reads them, in São Paulo time: "22 de nov. de 2026". */
const dateFormat = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'America/Sao_Paulo' });
const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'America/Sao_Paulo',
});

/** A format for ISO strings (remembered, as pages repeat them) and Date objects (formatted each time). */
function instantsIn(format: Intl.DateTimeFormat): (iso: string | Date) => string {
  const text = remembered((iso: string) => format.format(new Date(iso)));
  return (iso) => (typeof iso === 'string' ? text(iso) : format.format(iso));
}

export const formatDate = instantsIn(dateFormat);
export const formatDateTime = instantsIn(dateTimeFormat);

const numberFormat = new Intl.NumberFormat('pt-BR');
/** "1.234", "5,5". */
export const formatNumber = remembered((n: number) => numberFormat.format(n));

/** A calendar day ("2026-11-23", a `date` column) as written: no time zone can move it to the day before. */
const dayFormat = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
export const formatDay = remembered((day: string) => dayFormat.format(new Date(`${day.slice(0, 10)}T12:00:00Z`)));

/** "4,25": ratings in the Brazilian decimal form. */
const ratingFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
export const formatRating = remembered((rating: number) => ratingFormat.format(rating));

const languageNames = new Intl.DisplayNames(['pt-BR'], { type: 'language' });
/** "pt" → "Português" (the code itself when Intl does not know it). */
export const formatLanguage = remembered((code: string) => {
  try {
    const name = languageNames.of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase('pt-BR') + name.slice(1);
  } catch {
    return code;
  }
});

/** "14:05", São Paulo time (the review editor's "Rascunho salvo às 14:05"). */
const timeFormat = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' });
export const formatTime = (iso: string | Date) => timeFormat.format(new Date(iso));

const sizeFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
/** "850 KB", "12,4 MB": a file's size as a download link shows it. */
export const formatBytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${sizeFormat.format(Math.max(1, Math.round(bytes / 1024)))} KB` : `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
