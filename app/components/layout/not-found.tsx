import { Link } from 'react-router';
import { Foca } from '~/components/ui/foca';

export function NotFound() {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 py-12 text-center">
      <title>Página não encontrada — Maratona</title>
      <Foca mood="curious" size={140} />
      <h1 className="font-serif text-3xl font-bold">Página não encontrada</h1>
      <p className="text-muted">O endereço pode ter mudado, ou a página é privada. Confira o link ou volte para o início.</p>
      <Link to="/" className="min-h-11 rounded-lg bg-mar px-5 py-2.5 font-semibold text-on-mar no-underline">
        Voltar para o início
      </Link>
    </section>
  );
}
