import type { ReaderCard } from '../types';
import { ReaderList } from './reader-list';
import { SocialForm } from './social-form';

/** The requests to follow the viewer, each to approve or refuse: on `/seguindo` and on the owner's followers tab. */
export function FollowRequests({ requests }: { requests: ReaderCard[] }) {
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby="pedidos" className="flex flex-col gap-2">
      <h2 id="pedidos" className="font-serif text-xl font-bold">
        Pedidos para seguir você
      </h2>
      <ReaderList
        readers={requests}
        actions={(reader) => (
          <>
            <SocialForm intent="aprovar" username={reader.username} label="Aprovar" variant="primary" />
            <SocialForm intent="recusar" username={reader.username} label="Recusar" />
          </>
        )}
      />
    </section>
  );
}
