import type { ReactNode } from 'react';
import { TableHead } from '~/components/ui/table-head';
import { COVER_FIELD, type CatalogEntity, displayValue, fieldLabel } from '~/features/catalog/editable-fields';
import type { ReviewedChange } from '../types';
import type { FieldChange } from '../vocabulary';

const valueClass = 'whitespace-pre-wrap break-words align-top';

/** A value as the diff shows it: a cover as its image (2:3, like every cover), anything else as text. */
function Value({ field, value, label }: { field: string; value: string | null; label: string }): ReactNode {
  if (field !== COVER_FIELD || !value) return field === COVER_FIELD ? '(sem capa)' : displayValue(field, value);
  return <img src={value} alt={label} className="aspect-[2/3] w-28 rounded-md object-cover shadow-sm md:w-40" />;
}

/**
 * The field-by-field diff of a request. With `reviewed` rows it adds the live value and marks, in words as
 * well as colour, every field that moved since the requester saw it.
 */
export function DiffTable({
  entity,
  changes,
  caption,
  errors,
}: {
  entity: CatalogEntity;
  changes: (FieldChange | ReviewedChange)[];
  caption: string;
  /** Why a proposed value cannot be applied, shown in its row (an approval refused). */
  errors?: Record<string, string> | undefined;
}) {
  const withCurrent = changes.some((c) => 'current' in c);
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <TableHead
          className="border-b border-line text-left"
          columns={[
            { label: 'Campo', className: 'py-2 pr-3 font-semibold' },
            { label: 'Antes', className: 'py-2 pr-3 font-semibold' },
            { label: 'Proposto', className: 'py-2 pr-3 font-semibold' },
            ...(withCurrent ? [{ label: 'Agora no catálogo', className: 'py-2 font-semibold' }] : []),
          ]}
        />
        <tbody>
          {changes.map((c) => {
            const conflict = 'conflict' in c && c.conflict;
            return (
              <tr key={c.field} className={`border-b border-line ${conflict ? 'bg-paper' : ''}`}>
                <th scope="row" className={`py-2 pr-3 text-left align-top font-medium ${conflict ? 'border-l-4 border-danger pl-2' : ''}`}>
                  {fieldLabel(entity, c.field)}
                  {conflict ? <span className="mt-1 block text-xs font-semibold text-danger">Conflito: mudou desde o pedido</span> : null}
                </th>
                <td className={`py-2 pr-3 text-muted ${valueClass}`}>
                  <Value field={c.field} value={c.before} label="Capa que o leitor viu" />
                </td>
                <td className={`py-2 pr-3 ${valueClass}`}>
                  <Value field={c.field} value={c.after} label="Capa proposta" />
                  {c.proposed !== undefined ? (
                    <span className="mt-1 block text-xs text-muted">Proposta do leitor: {displayValue(c.field, c.proposed)}</span>
                  ) : null}
                  {errors?.[c.field] ? (
                    <span className="mt-1 block text-sm font-medium text-danger" role="alert">
                      {errors[c.field]}
                    </span>
                  ) : null}
                </td>
                {withCurrent ? (
                  <td className={`py-2 ${valueClass}`}>{'current' in c ? <Value field={c.field} value={c.current} label="Capa atual" /> : ''}</td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
