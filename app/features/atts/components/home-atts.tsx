import { Link } from '~/components/link';
import type { AttPage } from '../types';
import { AttList } from './att-card';

/** /home's "Atts de quem você segue": the first atts of the `seguindo` feed, then "Ver mais" on /atts. */
export function HomeAtts({ page }: { page: AttPage }) {
  return (
    <section aria-labelledby="atts-seguindo" className="flex flex-col gap-3">
      <h2 id="atts-seguindo" className="font-serif text-xl font-semibold">
        Atts de quem você segue
      </h2>
      <AttList
        items={page.items}
        label="Atts de quem você segue"
        headingLevel="h3"
        moreHref={page.nextCursor ? '/atts?aba=seguindo' : null}
        moreLabel="Ver mais"
        empty={
          <p className="text-muted">
            Ainda não há atts por aqui. Publique a sua ao registrar o progresso de um livro, ou veja{' '}
            <Link to="/atts?aba=todos">o que a comunidade está lendo</Link>.
          </p>
        }
      />
    </section>
  );
}
