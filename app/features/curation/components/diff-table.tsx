import { type CatalogEntity, displayValue, fieldLabel } from '~/features/catalog/editable-fields';
import type { FieldChange, ReviewedChange } from '../types';

const valueClass = 'whitespace-pre-wrap break-words align-top';

/**
 * The field-by-field diff of a request. With `reviewed` rows it adds the live value and marks, in words as
 * well as colour, every field that moved since the requester saw it.
 */
export function DiffTable({ entity, changes, caption }: { entity: CatalogEntity; changes: (FieldChange | ReviewedChange)[]; caption: string }) {
  const withCurrent = changes.some((c) => 'current' in c);
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-line text-left">
            <th scope="col" className="py-2 pr-3 font-semibold">
              Campo
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Antes
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Proposto
            </th>
            {withCurrent ? (
              <th scope="col" className="py-2 font-semibold">
                Agora no catálogo
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => {
            const conflict = 'conflict' in c && c.conflict;
            return (
              <tr key={c.field} className={`border-b border-line ${conflict ? 'bg-paper' : ''}`}>
                <th scope="row" className={`py-2 pr-3 text-left align-top font-medium ${conflict ? 'border-l-4 border-danger pl-2' : ''}`}>
                  {fieldLabel(entity, c.field)}
                  {conflict ? <span className="mt-1 block text-xs font-semibold text-danger">Conflito: mudou desde o pedido</span> : null}
                </th>
                <td className={`py-2 pr-3 text-muted ${valueClass}`}>{displayValue(c.field, c.before)}</td>
                <td className={`py-2 pr-3 ${valueClass}`}>
                  {displayValue(c.field, c.after)}
                  {c.proposed !== undefined ? <span className="mt-1 block text-xs text-muted">Proposta do leitor: {displayValue(c.field, c.proposed)}</span> : null}
                </td>
                {withCurrent ? <td className={`py-2 ${valueClass}`}>{'current' in c ? displayValue(c.field, c.current) : ''}</td> : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
