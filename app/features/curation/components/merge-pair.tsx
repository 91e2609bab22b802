import { Link } from '~/components/link';
import type { CatalogRecordCard } from '~/features/catalog/types';

/**
 * Two records side by side (stacked on a phone), as a merge shows them. With `choose`, each card offers a
 * radio "fica este" so the curator picks the survivor; the other one is merged into it.
 */
export function MergePair({
  records,
  headings,
  choose,
}: {
  records: readonly (CatalogRecordCard | null)[];
  headings: readonly string[];
  choose?: { name: string; error?: string | undefined };
}) {
  const errorId = choose?.error ? `${choose.name}-error` : undefined;
  const cards = (
    <div className="grid gap-3 md:grid-cols-2">
      {records.map((record, i) => (
        <section key={headings[i]} aria-label={headings[i]} className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-4">
          <p className="text-sm font-semibold text-muted">{headings[i]}</p>
          {record ? (
            <>
              <h3 className="font-serif text-xl font-semibold">
                <Link to={record.path}>{record.label}</Link>
              </h3>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                {record.facts.map((fact) => (
                  <div key={fact.label} className="contents">
                    <dt className="text-muted">{fact.label}</dt>
                    <dd className="break-words">{fact.value}</dd>
                  </div>
                ))}
              </dl>
              {choose ? (
                <label className="mt-1 flex min-h-11 cursor-pointer items-center gap-2 font-semibold">
                  <input type="radio" name={choose.name} value={record.id} className="size-5" required aria-describedby={errorId} />
                  Fica este registro
                  <span className="sr-only">: {record.label}</span>
                </label>
              ) : null}
            </>
          ) : (
            <p className="text-muted">Este registro não existe mais no catálogo (foi mesclado ou removido).</p>
          )}
        </section>
      ))}
    </div>
  );
  if (!choose) return cards;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-semibold">Qual registro fica? O outro é mesclado nele e passa a redirecionar para ele.</legend>
      {cards}
      {choose.error ? (
        <p id={errorId} className="text-sm font-medium text-danger" role="alert">
          {choose.error}
        </p>
      ) : null}
    </fieldset>
  );
}
