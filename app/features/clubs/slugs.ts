/**
 * A club's or an LC's `identificador` (PRODUCT.md §1.1): lowercase a-z0-9 and single hyphens, 3–60 characters, made from
 * the name, never a word the site's routes use. Pure: the form and the data function read the same rule.
 */
import { slugify } from '~/lib/slug';

export const SLUG_MIN = 3;
export const SLUG_MAX = 60;

/**
 * Refused as identificadores: the words of PRODUCT.md §1.1 and every static segment of app/routes.ts (a test
 * compares them), so /clube/{identificador}/… never shadows a page and a club never looks like one.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'id',
  'admin',
  'novo',
  'criar',
  'home',
  'novidades',
  'politica',
  'termos',
  'auth',
  'signin',
  'error',
  'redirect',
  'oauthredirect',
  'verificar-email',
  'redefinir-senha',
  'sair',
  'entrar-com',
  'completar-cadastro',
  'configuracoes',
  'conta',
  'conexoes',
  'notificacoes',
  'exportar',
  'arquivo',
  'excluir',
  'importar',
  'importacoes',
  'denunciar',
  'seguindo',
  'u',
  'estante',
  'estantes',
  'atts',
  'att',
  'imagens',
  'colecao',
  'ed',
  'autor',
  'amznto',
  'catalogo',
  'solicitar',
  'capa',
  'minhas-solicitacoes',
  'solicitacoes',
  'informar-duplicata',
  'gerenciar',
  'emails',
  'denuncias',
  'historicos',
  'mais-vinculadas',
  'mesclar',
  'pendentes',
  'api',
  'me',
  'sugestoes',
  'resenhas',
  'rascunho',
  'stream',
  'interno',
  'backup',
  'clube',
  'clubes',
  'comunidade',
  'planos',
  'posts',
  'atividades',
  'beneficios',
  'membros',
  'personalizar',
  'lc',
  'lcs',
  'livros',
  'cronograma',
  'discussao',
  'participantes',
  'progresso',
  'materiais',
  'm',
  'maratonas',
  'aviso',
  'desafios',
  'webhooks',
  'ranking',
  'feed',
  'maratona',
  'assinar',
  'assinaturas',
  'quiz',
  'sorteio',
  'streamer',
  'tarefas',
  'teste',
  'teste2',
  'teste3',
  'foca',
  'f',
  // /foca's pages (issue 31): its log now, its later sections named in PRODUCT.md §J.
  'logs',
  'ovinhos',
  'bichinhos',
  'abrigo',
  'salas',
  // A room's live connection (/api/foca/salas/{id}/eventos); the event pages of issue 30 too.
  'eventos',
  'sussurros',
  'sussurrar',
  // A conversation's older messages (/api/sussurros/{id}/mensagens).
  'mensagens',
  'integracoes',
  'sussurro',
  'unsprint',
  'retrospectiva',
  'overlay',
]);

/** What is wrong with a typed identificador, in Portuguese; null when it may be used. */
export function slugProblem(slug: string): string | null {
  if (slug.length < SLUG_MIN || slug.length > SLUG_MAX) return `Use de ${SLUG_MIN} a ${SLUG_MAX} caracteres.`;
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) return 'Use só letras minúsculas sem acento, números e hífens (sem hífen no começo ou no fim).';
  if (RESERVED_SLUGS.has(slug)) return 'Esse identificador é reservado. Escolha outro.';
  return null;
}

/** The identificador a new club starts with: its name folded, cut at a word; a short or reserved one gets a prefix. */
export function slugFromName(name: string): string {
  return identificadorFromName(name, 'clube', 'clube-de-leitura');
}

/**
 * An identificador made from a name (a club's, an LC's title): folded, cut at a word; a short or reserved one
 * gets `prefix-`, an empty one is `fallback`.
 */
export function identificadorFromName(name: string, prefix: string, fallback: string): string {
  let slug = slugify(name);
  if (slug.length > SLUG_MAX) slug = slug.slice(0, SLUG_MAX).replace(/-[^-]*$/, '') || slug.slice(0, SLUG_MAX);
  if (!slug) return fallback;
  return slug.length < SLUG_MIN || RESERVED_SLUGS.has(slug) ? `${prefix}-${slug}` : slug;
}
