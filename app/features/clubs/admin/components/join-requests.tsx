import { Form } from 'react-router';
import { Avatar } from '~/components/ui/avatar';
import { Button } from '~/components/ui/button';
import { formatDate, formatNumber } from '~/lib/format';
import type { ClubMemberRow } from '../types';

/** The requests waiting for the staff, the oldest first, each approved or rejected by its own form. */
export function JoinRequests({ requests, total }: { requests: ClubMemberRow[]; total: number }) {
  return (
    <section id="pedidos" aria-labelledby="pedidos-titulo" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <h2 id="pedidos-titulo" className="font-serif text-xl font-semibold">
        Pedidos esperando ({formatNumber(total)})
      </h2>
      {requests.length === 0 ? (
        <p className="text-muted">Nenhum pedido esperando resposta.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {requests.map((request) => (
            <li key={request.userId} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="flex items-center gap-3">
                <Avatar name={request.name} image={request.image} size={40} />
                <div className="flex flex-col">
                  <span className="font-medium">{request.name}</span>
                  <span className="text-sm text-muted">
                    @{request.username} · pediu em {formatDate(request.statusAt)}
                  </span>
                </div>
              </div>
              <Form method="post" className="flex gap-2">
                <input type="hidden" name="userId" value={request.userId} />
                <Button type="submit" name="intent" value="aprovar" aria-label={`Aprovar @${request.username}`}>
                  Aprovar
                </Button>
                <Button type="submit" name="intent" value="recusar" variant="secondary" aria-label={`Recusar @${request.username}`}>
                  Recusar
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {total > requests.length ? <p className="text-sm text-muted">Mostrando os {formatNumber(requests.length)} pedidos mais antigos.</p> : null}
    </section>
  );
}
