import { Form, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import { REMOVED_READER } from '~/features/accounts/removed-reader';
import { ReaderLink } from '~/features/profiles/components/reader-link';
import { Button } from '~/components/ui/button';
import { SelectField, TextField } from '~/components/ui/field';
import { displayValue, fieldLabel } from '~/features/catalog/editable-fields';
import { formatDateTime } from '~/lib/format';
import { MERGED_INTO_FIELD, MERGE_NOT_REVERTIBLE } from '../policy';
import type { CatalogChangeRow } from '../types';

const ENTITY_NAMES = { edition: 'Edição', work: 'Obra', author: 'Autor' } as const;

export function HistoryFilters({ entity, actor, code }: { entity: string | undefined; actor: string | undefined; code: string | undefined }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filtrar histórico">
      <SelectField label="Registro" name="entidade" defaultValue={entity ?? ''}>
        <option value="">Todos</option>
        <option value="edicao">Edições</option>
        <option value="obra">Obras</option>
        <option value="autor">Autores</option>
      </SelectField>
      <TextField label="Feito por (usuário)" name="curador" defaultValue={actor ?? ''} autoComplete="off" />
      <TextField label="Código da solicitação" name="codigo" defaultValue={code ?? ''} placeholder="SOL-…" autoComplete="off" />
      <Button type="submit" variant="secondary">
        Filtrar
      </Button>
    </Form>
  );
}

/** Every change, newest first; each field change revertible (the server refuses when the field moved since), a merge not (it says why). */
export function HistoryList({ changes }: { changes: CatalogChangeRow[] }) {
  const navigation = useNavigation();
  if (changes.length === 0) return <p className="text-muted">Nenhuma alteração com esses filtros.</p>;
  return (
    <ol className="flex flex-col gap-2">
      {changes.map((c) => (
        <li key={c.id} className="flex flex-col gap-1 rounded-xl border border-line bg-surface p-3">
          <p>
            <span className="text-muted">{ENTITY_NAMES[c.entityType]}</span> {c.entityPath ? <Link to={c.entityPath}>{c.entityLabel}</Link> : c.entityLabel} ·{' '}
            <span className="font-semibold">{fieldLabel(c.entityType, c.field)}</span>
          </p>
          <p className="break-words">
            {c.field === 'created' ? (
              <>Incluído: {c.after}</>
            ) : c.mergedInto ? (
              <>
                {c.entityType === 'author' ? 'Mesclado' : 'Mesclada'} em{' '}
                {c.mergedInto.path ? <Link to={c.mergedInto.path}>{c.mergedInto.label}</Link> : c.mergedInto.label}
              </>
            ) : (
              <>
                <span className="text-muted line-through">{displayValue(c.field, c.before)}</span> → <span>{displayValue(c.field, c.after)}</span>
              </>
            )}
          </p>
          <p className="text-sm text-muted">
            {formatDateTime(c.createdAt)} · {c.actor ? <ReaderLink reader={c.actor}>@{c.actor.username}</ReaderLink> : REMOVED_READER}
            {c.code ? (
              <>
                {' · '}
                <Link to={`/gerenciar/catalogo/solicitacoes/${c.code}`}>{c.code}</Link>
              </>
            ) : null}
            {c.revertOfId ? ' · reversão' : ''}
          </p>
          {c.field === MERGED_INTO_FIELD ? (
            <p className="text-sm text-muted">{MERGE_NOT_REVERTIBLE}</p>
          ) : c.field !== 'created' ? (
            <Form method="post">
              <input type="hidden" name="id" value={c.id} />
              <Button type="submit" name="intent" value="reverter" variant="quiet" className="px-0" disabled={navigation.state !== 'idle'}>
                Reverter
                <span className="sr-only">
                  {' '}
                  {fieldLabel(c.entityType, c.field)} de {c.entityLabel}
                </span>
              </Button>
            </Form>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
