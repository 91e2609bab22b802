import { Link } from '~/components/link';
import { ButtonLink } from '~/components/ui/button';
import { FormMessage } from '~/components/ui/field';
import { Foca } from '~/components/ui/foca';
import { TabNav } from '~/components/ui/tab-nav';
import type { AttCard } from '../types';
import { AttList } from './att-card';

export type FeedTab = 'seguindo' | 'todos';

const hrefOf = (tab: FeedTab, photos: boolean, cursor?: string) => {
  const params = new URLSearchParams({ aba: tab });
  if (photos) params.set('fotos', 'sim');
  if (cursor) params.set('cursor', cursor);
  return `/atts?${params.toString()}`;
};

const pill = (active: boolean) =>
  `inline-flex min-h-11 items-center rounded-full border px-4 no-underline ${active ? 'border-mar bg-mar text-on-mar' : 'border-line bg-surface text-ink'}`;

function Empty({ tab, photos }: { tab: FeedTab; photos: boolean }) {
  const [text, action] = photos
    ? [
        'Nenhuma att com fotos por aqui ainda. Publique a sua: ao registrar o progresso de um livro, abra “Publicar como att” e escolha até 4 fotos.',
        <ButtonLink key="a" to={hrefOf(tab, false)} variant="secondary">
          Ver todas as atts
        </ButtonLink>,
      ]
    : tab === 'seguindo'
      ? [
          'Quem você segue ainda não publicou atts. Veja o que a comunidade está lendo em “Todos” — e siga quem te interessar.',
          <ButtonLink key="a" to={hrefOf('todos', false)}>
            Ver todas as atts
          </ButtonLink>,
        ]
      : [
          'Nenhuma att por aqui ainda. Registre o progresso de um livro que você está lendo e publique como att.',
          <ButtonLink key="a" to="/estante?situacao=lendo">
            Ir para a minha estante
          </ButtonLink>,
        ];
  return (
    <div className="flex flex-col items-center gap-3 py-8 text-center">
      <Foca mood="reading" size={120} />
      <p className="max-w-prose">{text}</p>
      {action}
    </div>
  );
}

/** /atts: tabs `seguindo` (signed in) and `todos`, the "com fotos" filter, the list and "Carregar mais". */
export function AttsFeed({
  signedIn,
  tab,
  photos,
  items,
  nextCursor,
  deleted,
}: {
  signedIn: boolean;
  tab: FeedTab;
  photos: boolean;
  items: AttCard[];
  nextCursor: string | null;
  deleted: boolean;
}) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="font-serif text-3xl font-bold">Atts</h1>
      <p className="text-muted">Atualizações de leitura: progresso, livros terminados e resenhas, com fotos.</p>
      {deleted ? <FormMessage tone="success">Att apagada.</FormMessage> : null}
      {signedIn ? (
        <TabNav
          label="Abas das atts"
          tabs={(['seguindo', 'todos'] as const).map((t) => ({ to: hrefOf(t, photos), label: t === 'seguindo' ? 'Seguindo' : 'Todos', active: t === tab }))}
        />
      ) : (
        <p className="text-sm">
          <Link to="/auth/signin?callbackUrl=%2Fatts">Entre</Link> para ver as atts de quem você segue, reagir e comentar.
        </p>
      )}
      <nav aria-label="Filtro de fotos" className="flex gap-2">
        <Link to={hrefOf(tab, false)} aria-current={!photos ? 'true' : undefined} className={pill(!photos)}>
          Todas
        </Link>
        <Link to={hrefOf(tab, true)} aria-current={photos ? 'true' : undefined} className={pill(photos)}>
          Com fotos
        </Link>
      </nav>
      <AttList
        items={items}
        label={tab === 'seguindo' ? 'Atts de quem você segue' : 'Atts da comunidade'}
        moreHref={nextCursor ? hrefOf(tab, photos, nextCursor) : null}
        empty={<Empty tab={tab} photos={photos} />}
      />
    </div>
  );
}
