import { Form } from 'react-router';
import { Link } from '~/components/link';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { ReaderLink } from '~/features/profiles/components/reader-link';
import { formatDate } from '~/lib/format';
import { ROLE_LABELS } from '../../policy';
import type { ClubMemberPage } from '../types';

/** /comunidade?aba=membros: search by name or username, the members with their role and plan, "Carregar mais". */
export function MemberDirectory({ page, path, q }: { page: ClubMemberPage; path: string; q: string }) {
  const more = new URLSearchParams({ aba: 'membros', ...(q ? { q } : {}), ...(page.nextCursor ? { cursor: page.nextCursor } : {}) });
  return (
    <section aria-labelledby="membros" className="flex flex-col gap-4">
      <h2 id="membros" className="sr-only">
        Membros
      </h2>
      <Form method="get" action={path} role="search" className="flex items-end gap-2">
        <input type="hidden" name="aba" value="membros" />
        <div className="flex-1">
          <TextField label="Buscar membros" name="q" type="search" defaultValue={q} maxLength={60} placeholder="Nome ou @usuário" />
        </div>
        <Button type="submit" variant="secondary">
          Buscar
        </Button>
      </Form>
      {page.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-6 text-center text-muted">
          {q ? `Nenhum membro encontrado para “${q}”.` : 'O clube ainda não tem membros.'}
        </p>
      ) : (
        <ul aria-label="Membros do clube" className="grid gap-3 sm:grid-cols-2">
          {page.items.map((member) => (
            <li key={member.reader.username} className="flex items-center gap-3 rounded-xl border border-line bg-surface p-3">
              <ReaderLink reader={member.reader} avatarSize={40}>
                <span className="font-semibold">{member.reader.name}</span>
                <span className="text-sm text-muted">@{member.reader.username}</span>
              </ReaderLink>
              <span className="ml-auto flex flex-col items-end gap-1 text-xs">
                {member.role === 'member' ? null : (
                  <span className="rounded-full bg-mar px-2 py-0.5 font-semibold text-on-mar">{ROLE_LABELS[member.role]}</span>
                )}
                {member.plan ? <span className="rounded-full border border-line px-2 py-0.5">{member.plan}</span> : null}
                <span className="text-muted">desde {formatDate(member.joinedAt)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {page.nextCursor ? (
        <Link to={`${path}?${more.toString()}`} className="self-center rounded-lg border border-line bg-surface px-4 py-2.5 font-medium no-underline">
          Carregar mais
        </Link>
      ) : null}
    </section>
  );
}
