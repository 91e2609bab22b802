import { useEffect, useState, type ReactNode } from 'react';
import * as circlePlusDrawing from 'lucide-react/icons/circle-plus';
import * as houseDrawing from 'lucide-react/icons/house';
import * as libraryDrawing from 'lucide-react/icons/library';
import * as logInDrawing from 'lucide-react/icons/log-in';
import * as searchDrawing from 'lucide-react/icons/search';
import * as timerDrawing from 'lucide-react/icons/timer';
import * as sparklesDrawing from 'lucide-react/icons/sparkles';
import * as userPlusDrawing from 'lucide-react/icons/user-plus';
import * as userRoundDrawing from 'lucide-react/icons/user-round';
import * as usersRoundDrawing from 'lucide-react/icons/users-round';
import { lucide, type Icon } from '~/components/ui/icons';
import { useLocation, useNavigation, useRouteLoaderData } from 'react-router';
import { Link, useAppLinks } from '~/components/link';
import type { ShellData } from './shell-data';
import { AvatarMenu } from './avatar-menu';
import { HeaderCounts } from './header-counts';
import { ThemeToggle } from './theme-toggle';

const CirclePlus = lucide(circlePlusDrawing);
const House = lucide(houseDrawing);
const Library = lucide(libraryDrawing);
const LogIn = lucide(logInDrawing);
const Search = lucide(searchDrawing);
const Sparkles = lucide(sparklesDrawing);
const Timer = lucide(timerDrawing);
const UserPlus = lucide(userPlusDrawing);
const UserRound = lucide(userRoundDrawing);
const UsersRound = lucide(usersRoundDrawing);

type ShellViewer = ShellData['viewer'];

/**
 * Header, navigation, footer. Cached public pages are rendered for visitors; the header then asks
 * /api/me who is reading, so a page from a cache (or a CDN) never shows another reader's data.
 */
function useShellViewer(): { viewer: ShellViewer; unread: number; whispers: number } {
  const data = useRouteLoaderData<ShellData>('root');
  const [fromApi, setFromApi] = useState<ShellData | null>(null);
  useEffect(() => {
    if (data?.viewer) return;
    const controller = new AbortController();
    fetch('/api/me', { signal: controller.signal, credentials: 'same-origin' })
      .then((r) => (r.ok ? (r.json() as Promise<ShellData>) : null))
      .then((me) => me?.viewer && setFromApi(me))
      .catch(() => undefined);
    return () => controller.abort();
  }, [data?.viewer]);
  const source = data?.viewer ? data : (fromApi ?? data);
  return { viewer: source?.viewer ?? null, unread: source?.unread ?? 0, whispers: source?.whispers ?? 0 };
}

/** `search` is the header's search box, given by the root route (a feature's component the shell does not import). */
export function SiteShell({ children, search }: { children: ReactNode; search: ReactNode }) {
  const { viewer, unread, whispers } = useShellViewer();
  const navigation = useNavigation();
  useAppLinks();
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#conteudo" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:p-2">
        Pular para o conteúdo
      </a>
      <div
        aria-hidden={navigation.state === 'idle'}
        className={`fixed inset-x-0 top-0 z-50 h-1 bg-coral transition-opacity ${navigation.state === 'idle' ? 'opacity-0' : 'animate-pulse opacity-100'}`}
      />
      <header className="sticky top-0 z-40 border-b border-line bg-paper/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4">
          <Link to="/" className="font-serif text-xl font-bold text-ink no-underline">
            Maratona
          </Link>
          <nav aria-label="Principal" className="ml-2 hidden gap-1 lg:flex">
            {viewer ? <HeaderLink to="/estante">Estante</HeaderLink> : null}
            {viewer ? (
              <HeaderLink to="/foca" also={FOCA_PAGES}>
                Foca
              </HeaderLink>
            ) : null}
            <HeaderLink to="/catalogo">Catálogo</HeaderLink>
            <HeaderLink to="/clubes">Clubes</HeaderLink>
            <HeaderLink to="/lcs">LCs</HeaderLink>
            <HeaderLink to="/maratonas">Maratonas</HeaderLink>
            <HeaderLink to="/novidades">Novidades</HeaderLink>
          </nav>
          <div className="ml-auto flex items-center gap-1">
            <div className="mr-2 hidden xl:block">{search}</div>
            <Link to="/catalogo" aria-label="Buscar livros" className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-ink xl:hidden">
              <Search aria-hidden="true" size={22} />
            </Link>
            <ThemeToggle />
            {viewer ? (
              <>
                <HeaderCounts unread={unread} whispers={whispers} userId={viewer.id} />
                <AvatarMenu viewer={viewer} />
              </>
            ) : (
              <Link to="/auth/signin" className="inline-flex min-h-11 items-center rounded-lg bg-mar px-4 text-sm font-semibold text-on-mar no-underline">
                Entrar
              </Link>
            )}
          </div>
        </div>
      </header>
      <main id="conteudo" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 pb-24 lg:pb-10">
        {children}
      </main>
      <footer className="border-t border-line py-6 pb-24 text-sm text-muted lg:pb-6">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4">
          <span>Maratona, sua comunidade de leitura</span>
          <nav aria-label="Rodapé" className="flex flex-wrap gap-x-4 gap-y-2">
            <Link to="/catalogo">Catálogo</Link>
            <Link to="/colecao">Coleções</Link>
            <Link to="/clubes">Clubes</Link>
            <Link to="/lcs">LCs</Link>
            <Link to="/maratonas">Maratonas</Link>
            <Link to="/novidades">Novidades</Link>
            <Link to="/politica">Privacidade</Link>
            <Link to="/termos">Termos de uso</Link>
          </nav>
        </div>
      </footer>
      <BottomNav viewer={viewer} />
    </div>
  );
}

/** A section of the site, marked while the reader is in it (its page or any below it), as NavLink would. */
function HeaderLink({ to, also = [], children }: { to: string; also?: readonly string[]; children: ReactNode }) {
  const { pathname } = useLocation();
  const active = [to, ...also].some((path) => pathname === path || pathname.startsWith(`${path}/`));
  return (
    <Link
      to={to}
      aria-current={active ? 'page' : undefined}
      className={`rounded-lg px-3 py-2 text-sm font-medium no-underline ${active ? 'bg-surface text-ink' : 'text-muted hover:text-ink'}`}
    >
      {children}
    </Link>
  );
}

/** Pages of the foca game outside /foca/… (the shell's "Foca" is current there too). */
const FOCA_PAGES: readonly string[] = ['/tarefas'];

/**
 * Phone and tablet navigation (below `lg`, where the header has no room for its own). Entries appear as their areas
 * land; none points at a page that does not exist.
 */
function BottomNav({ viewer }: { viewer: ShellViewer }) {
  const location = useLocation();
  const here = location.pathname + (location.pathname === '/auth/signin' && location.search.includes('modo=criar') ? '?modo=criar' : '');
  const items: { to: string; label: string; icon: Icon }[] = [
    { to: '/', label: 'Início', icon: House },
    viewer ? { to: '/estante', label: 'Estante', icon: Library } : { to: '/novidades', label: 'Novidades', icon: Sparkles },
    viewer ? { to: '/criar', label: 'Criar', icon: CirclePlus } : { to: '/clubes', label: 'Clubes', icon: UsersRound },
    viewer ? { to: '/foca', label: 'Foca', icon: Timer } : { to: '/auth/signin', label: 'Entrar', icon: LogIn },
    viewer
      ? { to: viewer.username ? `/u/${viewer.username}` : '/auth/completar-cadastro', label: 'Perfil', icon: UserRound }
      : { to: '/auth/signin?modo=criar', label: 'Criar conta', icon: UserPlus },
  ];
  return (
    <nav aria-label="Navegação do celular" className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-paper lg:hidden">
      <ul className="grid grid-cols-5">
        {items.map((item) => {
          const current = here === item.to || (item.to === '/foca' && FOCA_PAGES.includes(here));
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                aria-current={current ? 'page' : undefined}
                className={`flex min-h-14 flex-col items-center justify-center text-xs font-medium no-underline ${current ? 'text-coral' : 'text-muted'}`}
              >
                <item.icon aria-hidden="true" size={22} />
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
