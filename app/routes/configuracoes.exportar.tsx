import type { Route } from './+types/configuracoes.exportar';
import { buttonClass } from '~/components/ui/button';
import { formatNumber } from '~/lib/format';
import { countShelfEntries } from '~/features/export/goodreads-csv.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Exportar seus dados — Configurações — Maratona' }];

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  return { entries: await countShelfEntries(viewer) };
}

export default function ExportSettings({ loaderData }: Route.ComponentProps) {
  const { entries } = loaderData;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <header>
        <h1 className="font-serif text-3xl font-bold">Exportar seus dados</h1>
        <p className="text-muted">Seus livros são seus. Leve sua estante para outro site ou guarde uma cópia quando quiser.</p>
      </header>
      <section aria-labelledby="csv-goodreads" className="flex flex-col gap-3 rounded-xl bg-surface p-4">
        <h2 id="csv-goodreads" className="font-serif text-xl font-bold">
          Planilha compatível com o Goodreads
        </h2>
        <p>
          Um arquivo CSV com {entries === 1 ? 'o livro' : `os ${formatNumber(entries)} livros`} da sua estante: status, notas, datas de leitura,
          resenhas publicadas, estantes personalizadas e anotações privadas. O Goodreads e o StoryGraph importam esse arquivo.
        </p>
        <p className="text-sm text-muted">
          As notas vão em estrelas inteiras nas colunas do Goodreads; a nota exata (com quartos de estrela) e todas as leituras com datas ficam nas
          colunas “Maratona Rating” e “Maratona Readings”. O arquivo contém suas anotações privadas: guarde-o com cuidado.
        </p>
        {entries > 0 ? (
          <a href="/configuracoes/exportar/goodreads.csv" download className={buttonClass('primary', 'self-start')}>
            Baixar CSV
          </a>
        ) : (
          <p className="text-muted">Sua estante está vazia: adicione um livro para ter o que exportar.</p>
        )}
      </section>
    </div>
  );
}
