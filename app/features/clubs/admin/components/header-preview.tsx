import { colorProblem, contrastWithWhite, formatRatio, normaliseHex } from '../colors';

export type PreviewValues = { name: string; primaryColor: string; accentColor: string; avatarUrl: string | null; bannerUrl: string | null };

/**
 * The club header as it will look, white text on the chosen colours, redrawn as the owner types (the form
 * holds the values); without JavaScript it shows the saved ones. A colour that is not yet valid keeps the
 * last good one drawn and says why next to it.
 */
export function HeaderPreview({ values, saved }: { values: PreviewValues; saved: { primaryColor: string; accentColor: string } }) {
  const primary = normaliseHex(values.primaryColor) ?? saved.primaryColor;
  const accent = normaliseHex(values.accentColor) ?? saved.accentColor;
  const name = values.name.trim() || 'Nome do clube';
  return (
    <figure className="flex flex-col gap-2" aria-label="Prévia do cabeçalho">
      <div className="overflow-hidden rounded-xl border border-line">
        <div
          className="h-20 bg-cover bg-center"
          style={{ backgroundColor: primary, ...(values.bannerUrl ? { backgroundImage: `url(${values.bannerUrl})` } : {}) }}
        />
        <div className="flex flex-wrap items-center justify-between gap-3 p-3" style={{ backgroundColor: primary }}>
          <div className="flex items-center gap-3">
            {values.avatarUrl ? (
              <img src={values.avatarUrl} alt="" width={48} height={48} className="size-12 rounded-xl border-2 border-white object-cover" />
            ) : (
              <span
                aria-hidden="true"
                className="inline-flex size-12 items-center justify-center rounded-xl border-2 border-white font-serif text-2xl font-bold text-white"
              >
                {(name[0] ?? '?').toUpperCase()}
              </span>
            )}
            <span className="font-serif text-xl font-bold text-white" data-testid="previa-nome">
              {name}
            </span>
          </div>
          <span className="rounded-lg px-4 py-2 font-semibold text-white" style={{ backgroundColor: accent }}>
            Entrar no clube
          </span>
        </div>
      </div>
      <figcaption id="previa-legenda" className="text-sm text-muted" aria-live="polite">
        Prévia do cabeçalho. {verdict('Cor principal', values.primaryColor)} {verdict('Cor de destaque', values.accentColor)}
      </figcaption>
    </figure>
  );
}

function verdict(label: string, input: string): string {
  const hex = normaliseHex(input);
  if (!hex) return `${label}: ainda não é uma cor válida.`;
  const ratio = formatRatio(contrastWithWhite(hex));
  return colorProblem(hex) ? `${label}: contraste ${ratio}, abaixo de 4,5:1.` : `${label}: contraste ${ratio} com texto branco.`;
}
