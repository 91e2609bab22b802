import { Form } from 'react-router';
import { Link } from '~/components/link';
import { Avatar } from '~/components/ui/avatar';
import { Button } from '~/components/ui/button';
import { Pagination } from '~/components/ui/pagination';
import { TabNav } from '~/components/ui/tab-nav';
import { formatDate, formatNumber } from '~/lib/format';
import type { FormResult } from '~/lib/form-result';
import { ROLE_LABELS } from '../../policy';
import type { ClubMemberPage, ClubMemberRow } from '../types';
import type { MemberListQuery } from '../validation';
import { MemberActions, type MemberPowers } from './member-actions';

/** A search's previous / next links: it is not counted, so there is no "página X de Y". */
function SearchPager({ page, hasNext, search }: { page: number; hasNext: boolean; search: string }) {
  if (page === 1 && !hasNext) return null;
  const href = (n: number) => {
    const params = new URLSearchParams(search);
    if (n === 1) params.delete('pagina');
    else params.set('pagina', String(n));
    return `?${params.toString()}`;
  };
  const link = 'inline-flex min-h-11 items-center rounded-lg border border-line bg-surface px-4 py-2.5 font-medium no-underline';
  return (
    <nav aria-label="Paginação" className="flex items-center justify-between gap-4 py-4">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={link}>
          Anterior
        </Link>
      ) : (
        <span />
      )}
      {hasNext ? (
        <Link to={href(page + 1)} rel="next" className={link}>
          Próxima
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

const FILTER_LABELS = { ativos: 'Ativos', convidados: 'Convidados', banidos: 'Banidos' } as const;

function describe(member: ClubMemberRow): string {
  if (member.status === 'banned') return `banido em ${formatDate(member.statusAt)}`;
  if (member.status === 'invited') return `convidado em ${formatDate(member.statusAt)}`;
  return member.joinedAt ? `entrou em ${formatDate(member.joinedAt)}` : 'membro';
}

/** The members, filtered by status and searched by name or username, each with what the staff may do to them. */
export function MemberList({
  page,
  query,
  search,
  powersFor,
  result,
  csvUrl,
}: {
  page: ClubMemberPage;
  query: MemberListQuery;
  search: string;
  powersFor: (member: ClubMemberRow) => MemberPowers;
  result: FormResult | undefined;
  csvUrl: string | null;
}) {
  const tabLink = (filter: keyof typeof FILTER_LABELS) => {
    const params = new URLSearchParams();
    if (filter !== 'ativos') params.set('situacao', filter);
    if (query.q) params.set('q', query.q);
    const text = params.toString();
    return text ? `?${text}` : '?';
  };
  return (
    <section aria-labelledby="membros-titulo" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="membros-titulo" className="font-serif text-xl font-semibold">
          Membros
        </h2>
        {csvUrl ? (
          <Link to={csvUrl} reloadDocument>
            Exportar CSV
          </Link>
        ) : null}
      </div>
      <TabNav
        label="Situação dos membros"
        tabs={(Object.keys(FILTER_LABELS) as (keyof typeof FILTER_LABELS)[]).map((filter) => ({
          to: tabLink(filter),
          label: FILTER_LABELS[filter],
          active: query.situacao === filter,
        }))}
      />
      <Form method="get" role="search" className="flex gap-2">
        {query.situacao !== 'ativos' ? <input type="hidden" name="situacao" value={query.situacao} /> : null}
        <label htmlFor="busca-membros" className="sr-only">
          Buscar por nome ou usuário
        </label>
        <input
          id="busca-membros"
          type="search"
          name="q"
          defaultValue={query.q}
          maxLength={100}
          placeholder="Buscar por nome ou usuário"
          className="min-h-11 w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink placeholder:text-muted"
        />
        <Button type="submit" variant="secondary">
          Buscar
        </Button>
      </Form>
      <p className="text-sm text-muted" aria-live="polite">
        {page.total === null
          ? `Mais de ${formatNumber(page.page * page.pageSize)} leitores`
          : `${formatNumber(page.total)} ${page.total === 1 ? 'leitor' : 'leitores'}`}
        {query.q ? ` para “${query.q}”` : ''}
      </p>
      {page.members.length === 0 ? (
        <p>{query.q ? 'Ninguém encontrado com essa busca.' : 'Ninguém aqui por enquanto.'}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {page.members.map((member) => (
            <li key={member.userId} className="flex flex-col gap-2 py-3">
              <div className="flex items-center gap-3">
                <Avatar name={member.name} image={member.image} size={40} />
                <div className="flex min-w-0 flex-col">
                  <span className="font-medium">
                    <Link to={`/u/${member.username}`}>{member.name}</Link>
                    <span className="text-sm font-normal text-muted"> @{member.username}</span>
                  </span>
                  <span className="text-sm text-muted">
                    {ROLE_LABELS[member.role]}
                    {member.planName ? ` · plano ${member.planName}` : ''} · {describe(member)}
                  </span>
                  {member.banReason ? <span className="text-sm">Motivo: {member.banReason}</span> : null}
                </div>
              </div>
              <MemberActions member={member} powers={powersFor(member)} result={result} />
            </li>
          ))}
        </ul>
      )}
      {page.total !== null && !query.q ? (
        <Pagination page={page.page} pageSize={page.pageSize} total={page.total} search={search} />
      ) : (
        <SearchPager page={page.page} hasNext={page.hasNext} search={search} />
      )}
    </section>
  );
}
