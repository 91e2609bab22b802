import { Form } from 'react-router';
import { Link } from '~/components/link';
import { Foca } from '~/components/ui/foca';

export function NotFound() {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 py-12 text-center">
      <title>Página não encontrada · Maratona</title>
      <Foca mood="curious" size={140} />
      <h1 className="font-serif text-3xl font-bold">Página não encontrada</h1>
      <p className="text-muted">O endereço pode ter mudado, ou a página é privada. Confira o link, procure o livro no catálogo ou volte para o início.</p>
      <Form method="get" action="/catalogo" role="search" className="flex w-full gap-2">
        <label htmlFor="busca-404" className="sr-only">
          Buscar no catálogo
        </label>
        <input
          id="busca-404"
          name="q"
          type="search"
          placeholder="Título, autor ou ISBN"
          maxLength={200}
          className="min-h-11 flex-1 rounded-lg border border-line bg-surface px-3 text-ink placeholder:text-muted"
        />
        <button type="submit" className="min-h-11 rounded-lg border border-line bg-surface px-4 font-semibold text-ink">
          Buscar
        </button>
      </Form>
      <Link to="/" className="min-h-11 rounded-lg bg-mar px-5 py-2.5 font-semibold text-on-mar no-underline">
        Voltar para o início
      </Link>
    </section>
  );
}
