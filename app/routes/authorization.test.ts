import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '~/db/client.server';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, formRequest, getRequest, testViewer } from '../../test/factories';
import sharp from 'sharp';
import * as duplicateForm from './catalogo.informar-duplicata';
import * as requestForm from './catalogo.solicitar';
import * as coverForm from './catalogo.solicitar.capa';
import * as proposedCover from './catalogo.solicitacoes.$codigo.capa';
import * as myRequests from './catalogo.minhas-solicitacoes';
import * as conexoes from './configuracoes.conexoes';
import * as notificationSettings from './configuracoes.notificacoes';
import * as exportPage from './configuracoes.exportar';
import * as exportCsv from './configuracoes.exportar.goodreads[.]csv';
import * as deletePage from './configuracoes.excluir';
import * as importHub from './configuracoes.importar';
import * as importSource from './configuracoes.importar.$fonte';
import * as readerImport from './configuracoes.importacoes.$id';
import * as readerImportFailures from './configuracoes.importacoes.$id.linhas-com-erro[.]csv';
import { createReaderImport } from '~/features/imports/mutations.server';
import * as reportQueue from './gerenciar.denuncias';
import * as reportPage from './denunciar';
import * as conta from './configuracoes.conta';
import * as gerenciar from './gerenciar';
import * as catalogDashboard from './gerenciar.catalogo';
import * as history from './gerenciar.catalogo.historicos';
import * as importPage from './gerenciar.catalogo.importar';
import * as importDetail from './gerenciar.catalogo.importar.$id';
import * as importReport from './gerenciar.catalogo.importar.$id.relatorio[.]csv';
import * as mostLinked from './gerenciar.catalogo.mais-vinculadas';
import * as merge from './gerenciar.catalogo.mesclar';
import * as pendingEditions from './gerenciar.catalogo.pendentes';
import * as queue from './gerenciar.catalogo.solicitacoes';
import * as review from './gerenciar.catalogo.solicitacoes.$codigo';
import { createCoverRequest } from '~/features/curation/cover-requests.server';
import { createCatalogImport } from '~/features/curation/imports.server';
import { createChangeRequest } from '~/features/curation/mutations.server';
import { listMyChangeRequests } from '~/features/curation/queries.server';
import * as edition from './ed.$id';
import * as editionTab from './ed.$id.$tab';
import * as bookshelf from './estante';
import * as home from './home';
import * as foca from './foca';
import * as focaLogs from './foca.logs';
import * as focaRanking from './foca.ranking';
import * as topPlayers from './f';
import * as focaRooms from './foca.salas';
import * as whispers from './sussurros';
import * as focaEggs from './foca.ovinhos';
import * as focaAlbum from './foca.bichinhos';
import * as focaShelter from './foca.abrigo';
import * as streamer from './streamer';
import * as focaOverlay from './foca.overlay';
import * as bookOverlay from './foca.capa.overlay';
import * as shelfPage from './estante.$id';
import * as shelvesPage from './estantes';
import { createShelf } from '~/features/reading/shelves/custom-shelves.server';
import * as emails from './gerenciar.emails';
import * as novidades from './gerenciar.novidades';
import * as officialMarathons from './gerenciar.maratonas';
import * as notificacoes from './notificacoes';
import * as following from './seguindo';
import * as readers from './u';
import * as profilePage from './u.$username';
import * as profileTab from './u.$username.$tab';
import { routeArgs } from '../../test/routes';

useTestDatabase();

type Who = 'visitante' | 'leitor' | 'curador' | 'admin';
type Outcome = 'entrar' | 'ok' | 404;
type Handler = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;

const everyone = { visitante: 'ok', leitor: 'ok', curador: 'ok', admin: 'ok' } as const;
const signedIn = { visitante: 'entrar', leitor: 'ok', curador: 'ok', admin: 'ok' } as const;
const adminOnly = { visitante: 'entrar', leitor: 404, curador: 404, admin: 'ok' } as const;
const curators = { visitante: 'entrar', leitor: 404, curador: 'ok', admin: 'ok' } as const;
/** A reader's custom shelves: a public one is everyone's to see, its forms its owner's (the reader here). */
const ownerOnly = { visitante: 'entrar', leitor: 'ok', curador: 404, admin: 404 } as const;
const privateShelf = { visitante: 404, leitor: 'ok', curador: 404, admin: 404 } as const;
/** The proposed image of the reader's own cover request: theirs and the curators', a 404 for anyone else. */
const requesterAndCurators = { visitante: 404, leitor: 'ok', curador: 'ok', admin: 'ok' } as const;

type RouteCase = {
  path: string;
  params?: Record<string, string>;
  module: { loader: unknown; action?: unknown };
  expect: Record<Who, Outcome>;
  actionExpect?: Record<Who, Outcome>;
};

/**
 * `code` is a real pending change request, `coverCode` a cover request and `importId` a curator's bulk
 * import in preview, so a curator's 'ok' on their pages is not a 404 in disguise.
 */
const routeCases = (
  code: string,
  coverCode: string,
  editionId: string,
  importId: string,
  shelves: { open: string; closed: string },
  reader: string,
  readerImportId: string,
): RouteCase[] => [
  { path: '/configuracoes/conta', module: conta, expect: signedIn },
  { path: '/configuracoes/conexoes', module: conexoes, expect: signedIn },
  { path: '/configuracoes/notificacoes', module: notificationSettings, expect: signedIn },
  { path: '/configuracoes/exportar', module: exportPage, expect: signedIn },
  { path: '/configuracoes/exportar/goodreads.csv', module: exportCsv, expect: signedIn },
  { path: '/configuracoes/excluir', module: deletePage, expect: signedIn },
  // A reader's import (with a failed row, so its CSV exists) is theirs alone: its preview, its forms, its failed rows.
  { path: '/configuracoes/importar', module: importHub, expect: signedIn },
  { path: '/configuracoes/importar/goodreads', params: { fonte: 'goodreads' }, module: importSource, expect: signedIn },
  { path: `/configuracoes/importacoes/${readerImportId}`, params: { id: readerImportId }, module: readerImport, expect: ownerOnly },
  { path: `/configuracoes/importacoes/${readerImportId}/linhas-com-erro.csv`, params: { id: readerImportId }, module: readerImportFailures, expect: ownerOnly },
  { path: '/notificacoes', module: notificacoes, expect: signedIn },
  { path: '/estante', module: bookshelf, expect: signedIn },
  // /home and its forms (goal, one-tap progress) are the signed-in reader's own.
  { path: '/home', module: home, expect: signedIn },
  // The focus game's pages and forms are the signed-in reader's own (foca.authorization.test.ts: sessions, suspended).
  { path: '/foca', module: foca, expect: signedIn },
  { path: '/foca/logs', module: focaLogs, expect: signedIn },
  // The focus ranking and its top players are public; the "Seguindo" ranking needs an account (decision 0084).
  { path: '/foca/ranking?periodo=mensal', module: focaRanking, expect: everyone },
  { path: '/foca/ranking?periodo=geral&entre=seguindo', module: focaRanking, expect: signedIn },
  { path: '/f', module: topPlayers, expect: everyone },
  // Rooms (foca-salas.authorization.test.ts: a room's page, forms and live connection by role, host and member).
  { path: '/foca/salas', module: focaRooms, expect: signedIn },
  { path: '/foca/ovinhos', module: focaEggs, expect: signedIn },
  // Whispers: the list is the viewer's own (whispers.authorization.test.ts: a conversation, its forms, send and stream).
  { path: '/sussurros', module: whispers, expect: signedIn },
  { path: '/foca/bichinhos', module: focaAlbum, expect: signedIn },
  { path: '/foca/abrigo', module: focaShelter, expect: signedIn },
  // The streamer's token and overlay looks are the viewer's own (the OBS URLs by token: overlays.test.ts, streamer.test.ts).
  { path: '/streamer', module: streamer, expect: signedIn },
  { path: '/foca/overlay', module: focaOverlay, expect: signedIn },
  { path: '/foca/capa/overlay', module: bookOverlay, expect: signedIn },
  // Profiles (public here) are everyone's to see; following and blocking need an account.
  { path: '/seguindo', module: following, expect: signedIn },
  { path: '/u?q=leitor', module: readers, expect: everyone },
  { path: `/u/${reader}`, params: { username: reader }, module: profilePage, expect: everyone, actionExpect: signedIn },
  { path: `/u/${reader}/estante`, params: { username: reader, tab: 'estante' }, module: profileTab, expect: everyone, actionExpect: signedIn },
  // Custom shelves: discovery is public, creating needs an account; a shelf's forms are its owner's only.
  { path: '/estantes', module: shelvesPage, expect: everyone, actionExpect: signedIn },
  { path: `/estante/${shelves.open}`, params: { id: shelves.open }, module: shelfPage, expect: everyone, actionExpect: ownerOnly },
  { path: `/estante/${shelves.closed}`, params: { id: shelves.closed }, module: shelfPage, expect: privateShelf, actionExpect: ownerOnly },
  // The edition page is public; its shelf forms are the signed-in reader's own.
  { path: `/ed/${editionId}`, params: { id: editionId }, module: edition, expect: everyone, actionExpect: signedIn },
  { path: `/ed/${editionId}/estatisticas`, params: { id: editionId, tab: 'estatisticas' }, module: editionTab, expect: everyone },
  // Reviews and readers of an edition: public tabs, filtered inside their queries (decision 0020).
  { path: `/ed/${editionId}/resenhas`, params: { id: editionId, tab: 'resenhas' }, module: editionTab, expect: everyone },
  { path: `/ed/${editionId}/leitores`, params: { id: editionId, tab: 'leitores' }, module: editionTab, expect: everyone },
  { path: '/catalogo/solicitar?tipo=novo-autor', module: requestForm, expect: signedIn },
  { path: `/catalogo/solicitar/capa?edicao=${editionId}`, module: coverForm, expect: signedIn },
  { path: '/catalogo/minhas-solicitacoes', module: myRequests, expect: signedIn },
  { path: `/catalogo/solicitacoes/${coverCode}/capa`, params: { codigo: coverCode }, module: proposedCover, expect: requesterAndCurators },
  { path: `/catalogo/informar-duplicata?edicao=${editionId}`, module: duplicateForm, expect: signedIn },
  // Curators see /gerenciar (its catalogue section) but its actions (accounts, jobs) stay admins'.
  { path: '/gerenciar', module: gerenciar, expect: curators, actionExpect: adminOnly },
  { path: '/gerenciar/emails', module: emails, expect: adminOnly },
  { path: '/gerenciar/denuncias', module: reportQueue, expect: adminOnly },
  // A reported whisper's context (/gerenciar/denuncias/sussurro/{id}) and reporting a whisper: whispers.authorization.test.ts.
  // Reporting needs an account; the page of a list's "Denunciar" link shows only what the reader may see (a
  // private shelf: its owner, who is told it is theirs; anyone else a 404).
  { path: `/denunciar?tipo=shelf&id=${shelves.closed}`, module: reportPage, expect: ownerOnly, actionExpect: signedIn },
  { path: '/gerenciar/novidades', module: novidades, expect: adminOnly },
  { path: '/gerenciar/maratonas', module: officialMarathons, expect: adminOnly },
  { path: '/gerenciar/catalogo', module: catalogDashboard, expect: curators },
  { path: '/gerenciar/catalogo/solicitacoes', module: queue, expect: curators },
  { path: `/gerenciar/catalogo/solicitacoes/${code}`, params: { codigo: code }, module: review, expect: curators },
  { path: '/gerenciar/catalogo/historicos', module: history, expect: curators },
  { path: '/gerenciar/catalogo/importar', module: importPage, expect: curators },
  { path: `/gerenciar/catalogo/importar/${importId}`, params: { id: importId }, module: importDetail, expect: curators },
  { path: `/gerenciar/catalogo/importar/${importId}/relatorio.csv`, params: { id: importId }, module: importReport, expect: curators },
  { path: '/gerenciar/catalogo/mais-vinculadas', module: mostLinked, expect: curators },
  { path: `/gerenciar/catalogo/mesclar?tipo=edicao&manter=${editionId}&mesclar=${editionId}`, module: merge, expect: curators },
  { path: '/gerenciar/catalogo/pendentes', module: pendingEditions, expect: curators },
];

async function outcome(fn: () => unknown): Promise<Outcome | string> {
  try {
    const result = await fn();
    if (result instanceof Response && result.status >= 300 && result.status < 400) return `redirect ${result.headers.get('location')}`;
    return 'ok';
  } catch (thrown) {
    if (thrown instanceof Response && thrown.headers.get('location')?.startsWith('/auth/signin')) return 'entrar';
    const status = (thrown as { init?: { status?: number } }).init?.status;
    if (status === 404) return 404;
    throw thrown;
  }
}

describe('who may open what (every role × every protected loader and action)', () => {
  it('matches the table', async () => {
    const users = {
      visitante: undefined,
      leitor: await createUser(),
      curador: await createUser({ role: 'curator' }),
      admin: await createUser({ role: 'admin' }),
    };
    const editionId = await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'], pages: 176 });
    const { code } = await createChangeRequest(testViewer(users.leitor), {
      kind: 'edition_edit',
      target: editionId,
      changes: [{ field: 'pages', before: '176', after: '180' }],
      note: '',
    });
    const image = await sharp({ create: { width: 60, height: 90, channels: 3, background: '#1D4E7A' } })
      .png()
      .toBuffer();
    const cover = await createCoverRequest(testViewer(users.leitor), { editionId, seen: null, file: new File([new Uint8Array(image)], 'capa.png'), note: '' });
    const { id: importId } = await createCatalogImport(testViewer(users.curador, 'curator'), {
      fileName: 'lote.csv',
      text: 'titulo;autor\nO Quinze;Rachel de Queiroz',
    });
    const shelves = {
      open: await createShelf(testViewer(users.leitor), { name: 'Pública', description: '', visibility: 'publico' }),
      closed: await createShelf(testViewer(users.leitor), { name: 'Privada', description: '', visibility: 'privado' }),
    };
    const { id: readerImportId } = await createReaderImport(testViewer(users.leitor), {
      fileName: 'goodreads.csv',
      text: 'Title,Author,Exclusive Shelf\nVidas Secas,Graciliano Ramos,read\n,Ninguém,read',
    });
    let denials = 0;
    for (const route of routeCases(code, cover.code, editionId, importId, shelves, users.leitor.username, readerImportId)) {
      for (const who of Object.keys(users) as Who[]) {
        const cookie = users[who]?.cookie;
        const params = route.params ?? {};
        const loaded = await outcome(() => (route.module.loader as Handler)(routeArgs(getRequest(route.path, cookie), params)));
        expect(`${who} GET ${route.path}: ${loaded}`).toBe(`${who} GET ${route.path}: ${route.expect[who]}`);
        const actionExpect = route.actionExpect ?? route.expect;
        if (route.module.action && actionExpect[who] !== 'ok') {
          // Fields every action here accepts, so a denial cannot hide behind a validation error.
          const fields = {
            intent: route.module === mostLinked ? 'recalcular' : route.module === shelfPage ? 'excluir' : 'aprovar',
            id: 'x',
            codigo: code,
            reason: 'Motivo qualquer',
            texto: 'titulo\nO Quinze',
          };
          const acted = await outcome(() => (route.module.action as Handler)(routeArgs(formRequest(route.path, fields, { cookie }), params)));
          expect(`${who} POST ${route.path}: ${acted}`).toBe(`${who} POST ${route.path}: ${actionExpect[who]}`);
          denials += 1;
        }
      }
    }
    expect(denials).toBe(58);
    // Every denied "aprovar" and "retirar" left the request untouched.
    const [mine] = (await listMyChangeRequests(testViewer(users.leitor))).items;
    expect(mine?.status).toBe('pending');
    // …and no denied upload or confirmation reached the imports or the catalogue.
    const [imports] = await queryRows<{ imports: number; editions: number; entries: number }>(
      sql`SELECT (SELECT count(*) FROM catalog_imports)::int AS imports, (SELECT count(*) FROM editions)::int AS editions, (SELECT count(*) FROM shelf_entries)::int AS entries`,
    );
    expect(imports).toEqual({ imports: 1, editions: 1, entries: 0 });
    // …and no denied "excluir" deleted the reader's shelves.
    const [kept] = await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM shelves`);
    expect(kept?.n).toBe(2);
    // …and the reader's import is still a preview, the only one.
    const statuses = await queryRows<{ status: string }>(sql`SELECT status FROM reader_imports`);
    expect(statuses).toEqual([{ status: 'preview' }]);
  }, 120_000);
});
