import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '~/db/client.server';
import { linkEdition } from '~/features/marathons/board.server';
import { createMarathon, joinMarathon } from '~/features/marathons/mutations.server';
import { todayIn } from '~/lib/calendar';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { useTestDatabase } from '../../test/db';
import { createEdition, getRequest } from '../../test/factories';
import { marathonInput, noticeReader } from '../../test/marathon-fixtures';
import { renderPage } from '../../test/render';
import { call } from '../../test/routes';
import * as board from './m.$identificador.progresso';

useTestDatabase();

describe('/m/{identificador}/progresso: one box open at a time', () => {
  it('lists links and challenges with links that open their form or shelf box; the address opens it without JavaScript', async () => {
    const { viewer: organizer } = await noticeReader();
    const marathon = await createMarathon(
      organizer,
      marathonInput({
        startsOn: todayIn('America/Sao_Paulo'),
        challenges: [
          { category: 0, kind: 'leitura', description: 'Um clássico', points: 3, revealsOn: null, level: null },
          { category: 0, kind: 'leitura', description: 'Um calhamaço', points: 5, revealsOn: null, level: null },
        ],
      }),
    );
    const reader = await noticeReader();
    await joinMarathon(reader.viewer, marathon.id, null);
    const book = await createEdition({ title: 'Dom Casmurro', authors: ['Machado de Assis'], pages: 256 });
    const other = await createEdition({ title: 'Grande Sertão: Veredas', authors: ['Guimarães Rosa'], pages: 600 });
    for (const edition of [book, other]) await setShelfStatus(reader.viewer, edition, 'want_to_read');
    const challenges = await queryRows<{ id: string; description: string }>(
      sql`SELECT id, description FROM marathon_challenges WHERE marathon_id = ${marathon.id} ORDER BY position`,
    );
    const [classic, big] = challenges.map((c) => c.id);
    await linkEdition(reader.viewer, marathon.id, classic!, book);
    const [link] = await queryRows<{ id: string }>(sql`SELECT id FROM marathon_challenge_links WHERE challenge_id = ${classic}`);
    const path = `/m/${marathon.slug}/progresso`;
    const render = async (url: string) => {
      const loaded = (await call(board.loader, getRequest(url, reader.user.cookie), { identificador: marathon.slug })) as { data: unknown };
      return renderPage(board.default, loaded.data, url);
    };

    const plain = await render(path);
    expect(plain).toContain('Dom Casmurro');
    expect(plain).not.toContain('Salvar vínculo');
    expect(plain).not.toContain('Buscar na estante');
    expect(plain).not.toContain('name="linkId"');
    expect(plain).toContain(`href="${path}?editar=${link!.id}#vinculo-${link!.id}"`);
    expect(plain).toContain(`href="${path}?desafio=${classic}#desafio-${classic}"`);
    expect(plain).toContain(`href="${path}?desafio=${big}#desafio-${big}"`);

    // ?editar= opens that link's form alone, posting to the board without it.
    const editing = await render(`${path}?editar=${link!.id}`);
    expect(editing.match(/Salvar vínculo/g)).toHaveLength(1);
    expect(editing).toMatch(new RegExp(`<form[^>]*aria-label="Editar vínculo de “Dom Casmurro”"[^>]*action="${path}"`));

    // ?desafio= opens that challenge's box with the reader's latest shelf entries, the one linked marked.
    const picking = await render(`${path}?desafio=${classic}`);
    expect(picking.match(/Buscar na estante/g)).toHaveLength(1);
    expect(picking).toContain('Já vinculado');
    expect(picking).toContain('Vincular “Grande Sertão: Veredas”');
    const searching = await render(`${path}?desafio=${big}&busca=sertao`);
    expect(searching).toContain('Vincular “Grande Sertão: Veredas”');
    expect(searching).not.toContain('Vincular “Dom Casmurro”');
  });
});
