import { Link } from '~/components/link';
import { AttList } from '~/features/atts/components/att-card';
import type { TabData } from '../types';

/** The reader's atts the viewer may see, newest first, with "Carregar mais" like /atts. */
export function AttsTab({ data, username, mine }: { data: Extract<TabData, { tab: 'atts' }>; username: string; mine: boolean }) {
  return (
    <AttList
      items={data.page.items}
      label={`Atts de @${username}`}
      moreHref={data.page.nextCursor ? `/u/${username}/atts?cursor=${data.page.nextCursor}` : null}
      empty={
        <p className="text-muted">
          {mine ? (
            <>
              Você ainda não publicou atts. Registre o progresso de um livro da sua <Link to="/estante?situacao=lendo">estante</Link> e publique como att.
            </>
          ) : (
            'Nenhuma att por aqui ainda.'
          )}
        </p>
      }
    />
  );
}
