import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '~/db/client.server';
import { runReaderImport } from '~/features/imports/job.server';
import { confirmReaderImport, createReaderImport } from '~/features/imports/mutations.server';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, testViewer } from '../../../test/factories';
import { countPendingEditions, listPendingEditions, markEditionReviewed } from './pending.server';

useTestDatabase();

describe('pending editions (from readers’ imports)', () => {
  it('wait in the curators’ queue, oldest first, with their readers, until one marks them reviewed; readers never see the queue', async () => {
    const reader = testViewer(await createUser());
    const curator = testViewer(await createUser({ role: 'curator' }), 'curator');
    const known = await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'] });
    const text =
      'Title,Author,Exclusive Shelf\nVidas Secas,Graciliano Ramos,read\nO Livro Que Faltava,Autora Nova,to-read\nOutro Livro Que Faltava,Autora Nova,read\n';
    const { id } = await createReaderImport(reader, { fileName: 'goodreads.csv', text });
    await confirmReaderImport(reader, id);
    await runReaderImport(id);

    const queue = await listPendingEditions(curator);
    expect(queue.total).toBe(2);
    expect(queue.items.map((e) => [e.title, e.authors, e.readersCount])).toEqual([
      ['O Livro Que Faltava', ['Autora Nova'], 1],
      ['Outro Livro Que Faltava', ['Autora Nova'], 1],
    ]);
    expect(queue.items.map((e) => e.id)).not.toContain(known);
    // The history says who added them.
    const history = await queryRows<{ after: string; actor_id: string }>(
      sql`SELECT after, actor_id FROM catalog_changes WHERE field = 'created' ORDER BY after`,
    );
    expect(history).toEqual([
      { after: 'O Livro Que Faltava', actor_id: reader.id },
      { after: 'Outro Livro Que Faltava', actor_id: reader.id },
    ]);

    await markEditionReviewed(curator, queue.items[0]!.id);
    expect(await countPendingEditions(curator)).toBe(1);
    await expect(markEditionReviewed(curator, queue.items[0]!.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(listPendingEditions(reader)).rejects.toMatchObject({ code: 'not_found' });
    await expect(markEditionReviewed(reader, queue.items[1]!.id)).rejects.toMatchObject({ code: 'not_found' });
    expect(await countPendingEditions(curator)).toBe(1);
  });
});
