import { Form } from 'react-router';
import { Link } from '~/components/link';
import { ReaderLink } from '~/features/profiles/components/reader-link';
import { Button } from '~/components/ui/button';
import { Foca } from '~/components/ui/foca';
import { formatDateTime } from '~/lib/format';
import { KIND_LABELS, type ChangeRequestSummary } from '../types';
import { DiffTable } from './diff-table';
import { StatusBadge } from './status-badge';

export function MyRequests({ requests }: { requests: ChangeRequestSummary[] }) {
  if (requests.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-8 text-center">
        <Foca mood="curious" size={110} />
        <p className="max-w-md text-muted">
          Você ainda não enviou solicitações. Achou um erro num livro? Use “Sugerir correção” na página da edição, ou{' '}
          <Link to="/catalogo/solicitar?tipo=nova-edicao">peça a inclusão de um livro</Link>.
        </p>
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-4">
      {requests.map((r) => (
        <li key={r.id} className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-serif text-lg font-semibold">{r.targetPath ? <Link to={r.targetPath}>{r.targetLabel}</Link> : r.targetLabel}</h2>
            <StatusBadge status={r.status} />
          </div>
          <p className="text-sm text-muted">
            <span className="font-mono">{r.code}</span> · {KIND_LABELS[r.kind]} · enviada em {formatDateTime(r.createdAt)}
            {r.decidedAt ? ` · ${r.appliedDirectly ? 'aplicada' : 'respondida'} em ${formatDateTime(r.decidedAt)}` : ''}
          </p>
          {r.kind === 'duplicate' ? (
            <p className="text-sm">Duplicata de: {r.duplicate ? <Link to={r.duplicate.path}>{r.duplicate.label}</Link> : 'um registro que não existe mais'}</p>
          ) : (
            <DiffTable entity={r.entity} changes={r.changes} caption={`Alterações da solicitação ${r.code}`} />
          )}
          {r.note ? <p className="text-sm">Sua observação: {r.note}</p> : null}
          {r.appliedDirectly ? <p className="text-sm">Aplicada direto no catálogo: você tem pedidos aprovados suficientes para pequenas correções.</p> : null}
          {r.answer || (r.reviewer && !r.appliedDirectly) ? (
            <p className="rounded-lg border border-line bg-paper p-3 text-sm">
              <span className="font-semibold">
                Resposta do curador
                {r.reviewer ? (
                  <>
                    {' '}
                    <ReaderLink reader={r.reviewer}>@{r.reviewer.username}</ReaderLink>
                  </>
                ) : null}
                :
              </span>{' '}
              {r.answer ?? 'sem comentários.'}
            </p>
          ) : null}
          {r.status === 'pending' ? (
            <Form method="post">
              <input type="hidden" name="codigo" value={r.code} />
              <Button type="submit" name="intent" value="retirar" variant="secondary">
                Retirar solicitação {r.code}
              </Button>
            </Form>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
