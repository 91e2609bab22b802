import { Form, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import { Button } from '~/components/ui/button';
import { EditionCover } from '~/features/catalog/components/edition-cover';
import { formatDateTime, formatNumber } from '~/lib/format';
import { QUALITY_FLAGS, type LinkedEditionsPage, type QualityFlag } from '../types';

/** Which gaps to show: checkboxes, so a curator can ask for "sem capa e sem ISBN" at once. */
export function LinkedFilters({ flags }: { flags: QualityFlag[] }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filtrar edições">
      <fieldset className="flex flex-wrap gap-x-4">
        <legend className="font-medium">Mostrar só edições</legend>
        {(Object.keys(QUALITY_FLAGS) as QualityFlag[]).map((flag) => (
          <label key={flag} className="inline-flex min-h-11 items-center gap-2">
            <input type="checkbox" name="sem" value={QUALITY_FLAGS[flag].slug} defaultChecked={flags.includes(flag)} className="size-5" />
            {QUALITY_FLAGS[flag].label}
          </label>
        ))}
      </fieldset>
      <Button type="submit" variant="secondary">
        Filtrar
      </Button>
    </Form>
  );
}

/** When the figures were computed, and a way to recompute them now. */
export function LinkedRefresh({ refreshedAt }: { refreshedAt: string | null }) {
  const navigation = useNavigation();
  return (
    <Form method="post" className="flex flex-wrap items-center gap-3 text-sm text-muted">
      <span>{refreshedAt ? `Contagens de ${formatDateTime(refreshedAt)} (recalculadas a cada 15 minutos).` : 'As contagens ainda não foram calculadas.'}</span>
      <Button type="submit" name="intent" value="recalcular" variant="quiet" className="px-0" pending={navigation.state === 'submitting'}>
        Recalcular agora
      </Button>
    </Form>
  );
}

/** The ranking: each edition with its gaps, its links per source and in total, and where to fix it. */
export function LinkedEditionsList({ ranking }: { ranking: LinkedEditionsPage }) {
  if (ranking.items.length === 0) return <p className="text-muted">Nenhuma edição vinculada com essas lacunas. Tire um filtro ou recalcule as contagens.</p>;
  return (
    <ol className="flex flex-col gap-3">
      {ranking.items.map((edition) => (
        <li key={edition.id} className="flex gap-3 rounded-xl border border-line bg-surface p-3">
          <span className="w-8 shrink-0 pt-1 text-right font-semibold tabular-nums text-muted" aria-label={`${edition.rank}º lugar`}>
            {edition.rank}
          </span>
          <EditionCover edition={{ title: edition.title, authors: [], coverUrl: edition.coverUrl }} size="sm" />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <div>
              <Link to={`/ed/${edition.id}`} className="font-serif text-lg font-semibold">
                {edition.title}
              </Link>
              {edition.authors ? <p className="text-sm text-muted">{edition.authors}</p> : null}
            </div>
            {edition.flags.length ? (
              <ul className="flex flex-wrap gap-2" aria-label="Lacunas">
                {edition.flags.map((flag) => (
                  <li key={flag} className="rounded-full border border-danger px-2.5 py-0.5 text-xs font-semibold text-danger">
                    {QUALITY_FLAGS[flag].label}
                  </li>
                ))}
              </ul>
            ) : null}
            <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {ranking.sources.map((source) => (
                <div key={source.key} className="flex gap-1">
                  <dt className="text-muted">{source.label}:</dt>
                  <dd className="tabular-nums">{formatNumber(edition.counts[source.key] ?? 0)}</dd>
                </div>
              ))}
              <div className="flex gap-1 font-semibold">
                <dt>Total:</dt>
                <dd className="tabular-nums">{formatNumber(edition.total)}</dd>
              </div>
            </dl>
            <p className="flex flex-wrap gap-x-4 text-sm">
              <Link to={`/catalogo/solicitar?edicao=${edition.id}`} className="inline-flex min-h-11 items-center">
                Corrigir<span className="sr-only"> {edition.title}</span>
              </Link>
              <Link to={`/catalogo/solicitar/capa?edicao=${edition.id}`} className="inline-flex min-h-11 items-center">
                {edition.coverUrl ? 'Trocar capa' : 'Enviar capa'}
                <span className="sr-only"> de {edition.title}</span>
              </Link>
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
