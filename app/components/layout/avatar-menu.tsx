import { useEffect, useRef } from 'react';
import { Form, useLocation } from 'react-router';
import { Link } from '~/components/link';
import type { ShellData } from './shell-data';
import { Avatar } from '~/components/ui/avatar';

type Props = { viewer: NonNullable<ShellData['viewer']> };

/**
 * A native <details> menu: it opens without JavaScript and closes with Escape via the summary. A link
 * followed inside the app closes it, as a new page would.
 */
export function AvatarMenu({ viewer }: Props) {
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname, search]);
  return (
    <details ref={menu} className="relative">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg px-1" aria-label={`Menu da conta de ${viewer.name}`}>
        <Avatar name={viewer.name} image={viewer.image} size={36} />
      </summary>
      <div className="absolute right-0 mt-2 w-64 rounded-xl border border-line bg-surface p-2 shadow-lg">
        <p className="px-3 py-2 text-sm">
          <span className="block font-semibold">{viewer.name}</span>
          {/* An account created through a provider has no username until the sign-up step (ADR 0007). */}
          {viewer.username ? <span className="text-muted">@{viewer.username}</span> : <Link to="/auth/completar-cadastro">Completar cadastro</Link>}
        </p>
        <ul className="flex flex-col">
          {viewer.username ? <MenuLink to={`/u/${viewer.username}`}>Meu perfil</MenuLink> : null}
          <MenuLink to="/estante">Minha estante</MenuLink>
          <MenuLink to="/estantes">Minhas estantes</MenuLink>
          <MenuLink to="/seguindo">Seguindo</MenuLink>
          <MenuLink to="/u">Procurar leitores</MenuLink>
          <MenuLink to="/configuracoes/conta">Configurações da conta</MenuLink>
          <MenuLink to="/configuracoes/conexoes">Conexões</MenuLink>
          <MenuLink to="/configuracoes/integracoes">Integrações</MenuLink>
          <MenuLink to="/configuracoes/notificacoes">Preferências de notificação</MenuLink>
          <MenuLink to="/configuracoes/importar">Importar livros</MenuLink>
          <MenuLink to="/configuracoes/exportar">Exportar seus dados</MenuLink>
          <MenuLink to="/streamer">Ferramentas de streamer</MenuLink>
          <MenuLink to="/notificacoes">Notificações</MenuLink>
          {viewer.role !== 'reader' ? <MenuLink to="/gerenciar">Gerenciar</MenuLink> : null}
        </ul>
        <Form method="post" action="/auth/sair" className="border-t border-line pt-2">
          <button type="submit" className="min-h-11 w-full rounded-lg px-3 text-left text-sm font-medium hover:bg-paper">
            Sair
          </button>
        </Form>
      </div>
    </details>
  );
}

function MenuLink({ to, children }: { to: string; children: string }) {
  return (
    <li>
      <Link to={to} className="flex min-h-11 items-center rounded-lg px-3 text-sm text-ink no-underline hover:bg-paper">
        {children}
      </Link>
    </li>
  );
}
