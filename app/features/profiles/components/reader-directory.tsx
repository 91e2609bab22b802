import { Foca } from '~/components/ui/foca';
import { formatNumber } from '~/lib/format';
import type { ReaderCard } from '../types';
import { ReaderList } from './reader-list';

function DirectorySection({ id, title, readers, extra }: { id: string; title: string; readers: ReaderCard[]; extra?: (reader: ReaderCard) => string }) {
  if (readers.length === 0) return null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-1">
      <h2 id={id} className="font-serif text-xl font-semibold">
        {title}
      </h2>
      <ReaderList readers={readers} extra={extra} />
    </section>
  );
}

/** `/u` before anything is typed: public profiles to browse, the recently active and the most followed. */
export function ReaderDirectory({ recent, mostFollowed }: { recent: ReaderCard[]; mostFollowed: (ReaderCard & { followers: number })[] }) {
  const followers = new Map(mostFollowed.map((reader) => [reader.id, reader.followers]));
  return (
    <>
      <p className="text-muted">Procure quem você conhece pelo nome ou pelo @usuário — com ou sem acentos. Ou conheça quem anda lendo por aqui:</p>
      {recent.length === 0 && mostFollowed.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-8 text-center">
          <Foca mood="sleeping" size={96} />
          <p className="text-muted">Ainda não há perfis públicos para mostrar. Quando alguém começar a ler por aqui, aparece nesta página.</p>
        </div>
      ) : null}
      <DirectorySection id="ativos-recentemente" title="Ativos recentemente" readers={recent} />
      <DirectorySection
        id="mais-seguidos"
        title="Mais seguidos"
        readers={mostFollowed}
        extra={(reader) => {
          const n = followers.get(reader.id) ?? 0;
          return n === 1 ? '1 seguidor' : `${formatNumber(n)} seguidores`;
        }}
      />
    </>
  );
}
