import { Link } from '~/components/link';
import type { AttPage } from '../types';
import { AttList } from './att-card';

/** The edition page's `atts` tab: what readers posted about this edition, newest first. */
export function EditionAtts({ editionId, title, page, signedIn }: { editionId: string; title: string; page: AttPage; signedIn: boolean }) {
  return (
    <section aria-labelledby="atts-da-edicao" className="flex flex-col gap-3">
      <h2 id="atts-da-edicao" className="font-serif text-xl font-semibold">
        Atts sobre {title}
      </h2>
      <AttList
        items={page.items}
        label={`Atts sobre ${title}`}
        showEdition={false}
        moreHref={page.nextCursor ? `/ed/${editionId}/atts?cursor=${page.nextCursor}` : null}
        empty={
          <p className="text-muted">
            Ninguém publicou atts sobre esta edição ainda.{' '}
            {signedIn ? (
              <>
                Está lendo? <Link to={`/ed/${editionId}`}>Registre seu progresso</Link> e publique como att.
              </>
            ) : (
              <>
                <Link to={`/auth/signin?callbackUrl=${encodeURIComponent(`/ed/${editionId}`)}`}>Entre</Link> para registrar seu progresso e publicar a primeira.
              </>
            )}
          </p>
        }
      />
    </section>
  );
}
