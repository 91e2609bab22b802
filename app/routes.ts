import { type RouteConfig, index, route } from '@react-router/dev/routes';

/** THE route table: every URL of the product, in the order of PRODUCT.md §2. */
export default [
  index('routes/_index.tsx'),
  route('home', 'routes/home.tsx'),
  route('novidades', 'routes/novidades.tsx'),
  route('novidades/rss.xml', 'routes/novidades.rss[.]xml.ts'),
  route('politica', 'routes/politica.tsx'),
  route('termos', 'routes/termos.tsx'),
  route('~offline', 'routes/offline.tsx'),

  route('auth/signin', 'routes/auth.signin.tsx'),
  route('auth/error', 'routes/auth.error.tsx'),
  route('auth/redirect', 'routes/auth.redirect.tsx'),
  route('oauthredirect', 'routes/oauthredirect.tsx'),
  route('auth/verificar-email', 'routes/auth.verificar-email.tsx'),
  route('auth/redefinir-senha', 'routes/auth.redefinir-senha.tsx'),
  route('auth/sair', 'routes/auth.sair.tsx'),
  route('auth/entrar-com/:provider', 'routes/auth.entrar-com.$provider.tsx'),
  route('auth/completar-cadastro', 'routes/auth.completar-cadastro.tsx'),

  route('configuracoes', 'routes/configuracoes.tsx'),
  route('configuracoes/conta', 'routes/configuracoes.conta.tsx'),
  route('configuracoes/conexoes', 'routes/configuracoes.conexoes.tsx'),

  route('configuracoes/notificacoes', 'routes/configuracoes.notificacoes.tsx'),
  route('configuracoes/exportar', 'routes/configuracoes.exportar.tsx'),
  route('configuracoes/exportar/goodreads.csv', 'routes/configuracoes.exportar.goodreads[.]csv.ts'),

  route('notificacoes', 'routes/notificacoes.tsx'),
  route('denunciar', 'routes/denunciar.tsx'),

  route('seguindo', 'routes/seguindo.tsx'),
  route('u', 'routes/u.tsx'),
  route('u/:username', 'routes/u.$username.tsx'),
  route('u/:username/:tab', 'routes/u.$username.$tab.tsx'),

  route('estante', 'routes/estante.tsx'),
  route('estante/:id', 'routes/estante.$id.tsx'),
  route('estantes', 'routes/estantes.tsx'),

  route('atts', 'routes/atts.tsx'),
  route('att/:id', 'routes/att.$id.tsx'),
  route('att/:id/imagens/:n', 'routes/att.$id.imagens.$n.ts'),

  route('colecao', 'routes/colecao.tsx'),
  route('colecao/:id', 'routes/colecao.$id.tsx'),
  route('ed', 'routes/ed.tsx'),
  route('ed/:id', 'routes/ed.$id.tsx'),
  route('ed/:id/:tab', 'routes/ed.$id.$tab.tsx'),
  route('autor/:identificador', 'routes/autor.$identificador.tsx'),
  route('amznto/:asin', 'routes/amznto.$asin.ts'),
  route('catalogo', 'routes/catalogo.tsx'),
  route('catalogo/solicitar', 'routes/catalogo.solicitar.tsx'),
  route('catalogo/solicitar/capa', 'routes/catalogo.solicitar.capa.tsx'),
  route('catalogo/minhas-solicitacoes', 'routes/catalogo.minhas-solicitacoes.tsx'),
  route('catalogo/solicitacoes/:codigo/capa', 'routes/catalogo.solicitacoes.$codigo.capa.ts'),
  route('catalogo/informar-duplicata', 'routes/catalogo.informar-duplicata.tsx'),

  route('gerenciar', 'routes/gerenciar.tsx'),
  route('gerenciar/emails', 'routes/gerenciar.emails.tsx'),
  route('gerenciar/novidades', 'routes/gerenciar.novidades.tsx'),
  route('gerenciar/denuncias', 'routes/gerenciar.denuncias.tsx'),
  route('gerenciar/catalogo', 'routes/gerenciar.catalogo.tsx'),
  route('gerenciar/catalogo/solicitacoes', 'routes/gerenciar.catalogo.solicitacoes.tsx'),
  route('gerenciar/catalogo/solicitacoes/:codigo', 'routes/gerenciar.catalogo.solicitacoes.$codigo.tsx'),
  route('gerenciar/catalogo/historicos', 'routes/gerenciar.catalogo.historicos.tsx'),
  route('gerenciar/catalogo/importar', 'routes/gerenciar.catalogo.importar.tsx'),
  route('gerenciar/catalogo/importar/:id', 'routes/gerenciar.catalogo.importar.$id.tsx'),
  route('gerenciar/catalogo/importar/:id/relatorio.csv', 'routes/gerenciar.catalogo.importar.$id.relatorio[.]csv.ts'),
  route('gerenciar/catalogo/mais-vinculadas', 'routes/gerenciar.catalogo.mais-vinculadas.tsx'),
  route('gerenciar/catalogo/mesclar', 'routes/gerenciar.catalogo.mesclar.tsx'),

  route('api/auth/*', 'routes/api/auth.ts'),
  route('api/me', 'routes/api/me.ts'),
  route('api/catalogo/sugestoes', 'routes/api/catalogo.sugestoes.ts'),
  route('api/resenhas/rascunho', 'routes/api/resenhas.rascunho.ts'),
  route('api/notificacoes/stream', 'routes/api/notificacoes.stream.ts'),
  route('api/interno/backup', 'routes/api/interno.backup.ts'),
  route('manifest.webmanifest', 'routes/manifest[.]webmanifest.ts'),

  route('*', 'routes/$.tsx'),
] satisfies RouteConfig;
