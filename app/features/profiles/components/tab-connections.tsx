import { Pagination } from '~/components/ui/pagination';
import type { TabData } from '../types';
import { FollowRequests } from './follow-requests';
import { ReaderList } from './reader-list';
import { SocialForm } from './social-form';

/** Followers; the owner also sees the requests waiting for approval, and may remove a follower. */
export function FollowersTab({ data, mine, search }: { data: Extract<TabData, { tab: 'seguidores' }>; mine: boolean; search: string }) {
  return (
    <div className="flex flex-col gap-6">
      <FollowRequests requests={data.requests ?? []} />
      <section aria-labelledby="seguidores" className="flex flex-col gap-2">
        <h2 id="seguidores" className="font-serif text-xl font-bold">
          Seguidores
        </h2>
        {data.readers.items.length > 0 ? (
          <ReaderList
            readers={data.readers.items}
            {...(mine ? { actions: (reader) => <SocialForm intent="remover-seguidor" username={reader.username} label="Remover" variant="quiet" /> } : {})}
          />
        ) : (
          <p className="text-muted">{mine ? 'Ninguém segue você ainda. Compartilhe o link do seu perfil.' : 'Ninguém por aqui ainda.'}</p>
        )}
        <Pagination page={data.readers.page} pageSize={data.readers.pageSize} total={data.readers.total} search={search} />
      </section>
    </div>
  );
}

export function FollowingTab({ data, mine, search }: { data: Extract<TabData, { tab: 'seguindo' }>; mine: boolean; search: string }) {
  return (
    <div className="flex flex-col gap-2">
      {data.readers.items.length > 0 ? (
        <ReaderList readers={data.readers.items} />
      ) : (
        <p className="text-muted">{mine ? 'Você ainda não segue ninguém. Procure leitores em “Leitores”.' : 'Não segue ninguém ainda.'}</p>
      )}
      <Pagination page={data.readers.page} pageSize={data.readers.pageSize} total={data.readers.total} search={search} />
    </div>
  );
}
