import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, formRequest, getRequest } from '../../test/factories';
import { findCatalogRedirect, getEdition } from '~/features/catalog/queries.server';
import * as duplicateForm from './catalogo.informar-duplicata';
import * as merge from './gerenciar.catalogo.mesclar';
import * as review from './gerenciar.catalogo.solicitacoes.$codigo';
import { call } from '../../test/routes';

useTestDatabase();

const failure = (result: unknown) =>
  result as { init?: { status?: number }; data: { formError?: string; fieldErrors: Record<string, string>; fields: Record<string, string> } };

async function twoEditions() {
  const kept = await createEdition({ title: 'Iracema', authors: ['José de Alencar'], publisher: 'Ática', pages: 120 });
  const duplicate = await createEdition({ title: 'Iracema', authors: ['José de Alencar'], publisher: 'Atica', subtitle: 'Lenda do Ceará' });
  return { kept, duplicate };
}

describe('/catalogo/informar-duplicata', () => {
  it('finds the other edition by search, takes a pasted link, and keeps what the reader typed next to an error', async () => {
    const reader = await createUser();
    const { kept, duplicate } = await twoEditions();
    const path = `/catalogo/informar-duplicata?edicao=${kept}`;
    const page = (await call(duplicateForm.loader, getRequest(`${path}&busca=iracema`, reader.cookie))) as { candidates: { ref: string }[] };
    expect(page.candidates.map((c) => c.ref)).toEqual([duplicate]);

    const empty = failure(await call(duplicateForm.action, formRequest(path, { link: '', note: 'Mesmo livro' }, { cookie: reader.cookie })));
    expect(empty.init?.status).toBe(400);
    expect(empty.data.fieldErrors.link).toBe('Escolha a outra edição na busca ou cole o link dela.');
    const bad = failure(
      await call(duplicateForm.action, formRequest(path, { link: 'https://exemplo.com/livro iracema', note: 'Mesmo livro' }, { cookie: reader.cookie })),
    );
    expect(bad.data.fieldErrors.link).toBe('Cole o link da página da outra edição (…/ed/…).');
    expect([bad.data.fields.link, bad.data.fields.note]).toEqual(['https://exemplo.com/livro iracema', 'Mesmo livro']);
    const self = failure(await call(duplicateForm.action, formRequest(path, { link: `http://localhost:3000/ed/${kept}` }, { cookie: reader.cookie })));
    expect(self.data.fieldErrors.link).toBe('É a mesma edição desta página: escolha a outra edição, a repetida.');

    const sent = (await call(
      duplicateForm.action,
      formRequest(path, { link: `http://localhost:3000/ed/${duplicate}/leitores`, note: 'Mesmo livro' }, { cookie: reader.cookie }),
    )) as Response;
    expect(sent.status).toBe(302);
    expect(sent.headers.get('location')).toMatch(/^\/catalogo\/minhas-solicitacoes\?enviada=SOL-/);
  });

  it('answers 404 for a record that does not exist', async () => {
    const reader = await createUser();
    const missing = await call(duplicateForm.loader, getRequest('/catalogo/informar-duplicata?autor=ninguem-aqui', reader.cookie)).catch((e: unknown) => e);
    expect((missing as { init?: { status?: number } }).init?.status).toBe(404);
  });
});

describe('the review of a duplicate report', () => {
  it('asks which record stays, then merges the other into it', async () => {
    const reader = await createUser();
    const curator = await createUser({ role: 'curator' });
    const { kept, duplicate } = await twoEditions();
    const sent = (await call(
      duplicateForm.action,
      formRequest(`/catalogo/informar-duplicata?edicao=${duplicate}`, { outro: kept }, { cookie: reader.cookie }),
    )) as Response;
    const code = new URL(sent.headers.get('location') ?? '', 'http://x').searchParams.get('enviada') ?? '';
    const reviewPath = `/gerenciar/catalogo/solicitacoes/${code}`;

    const unpicked = failure(await call(review.action, formRequest(reviewPath, { intent: 'mesclar' }, { cookie: curator.cookie }), { codigo: code }));
    expect(unpicked.data.fieldErrors.sobrevivente).toBe('Escolha qual dos dois registros fica.');
    const edited = failure(await call(review.action, formRequest(reviewPath, { intent: 'editar-e-aprovar' }, { cookie: curator.cookie }), { codigo: code }));
    expect(edited.data.formError).toBe('Escolha qual registro fica e use “Aprovar e mesclar”.');

    const approved = (await call(review.action, formRequest(reviewPath, { intent: 'mesclar', sobrevivente: kept }, { cookie: curator.cookie }), {
      codigo: code,
    })) as Response;
    expect(approved.status).toBe(302);
    expect(await getEdition(duplicate)).toBeNull();
    expect((await getEdition(kept))?.subtitle).toBe('Lenda do Ceará');
  });
});

describe('/gerenciar/catalogo/mesclar', () => {
  it('explains each record it cannot find, shows both before merging, then merges', async () => {
    const curator = await createUser({ role: 'curator' });
    const { kept, duplicate } = await twoEditions();
    const bad = (await call(
      merge.loader,
      getRequest('/gerenciar/catalogo/mesclar?tipo=edicao&manter=https://x.com/livro/1&mesclar=nao-existe', curator.cookie),
    )) as { errors: Record<string, string> };
    expect(bad.errors).toEqual({
      manter: 'Não reconhecemos esse endereço. O link da página da edição (…/ed/…) ou o id dela.',
      mesclar: 'Não encontramos esse registro no catálogo.',
    });

    const path = `/gerenciar/catalogo/mesclar?tipo=edicao&manter=${encodeURIComponent(`http://localhost:3000/ed/${kept}`)}&mesclar=${duplicate}`;
    const ready = (await call(merge.loader, getRequest(path, curator.cookie))) as {
      errors: Record<string, string>;
      records: { manter: { id: string }; mesclar: { id: string } };
    };
    expect([ready.errors, ready.records.manter.id, ready.records.mesclar.id]).toEqual([{}, kept, duplicate]);

    const done = (await call(merge.action, formRequest(path, { intent: 'mesclar' }, { cookie: curator.cookie }))) as Response;
    expect(done.status).toBe(302);
    expect(await findCatalogRedirect('edition', duplicate)).toBe(kept);
    // The same form again: the duplicate now is the survivor, so nothing is merged twice.
    const again = failure(await call(merge.action, formRequest(path, { intent: 'mesclar' }, { cookie: curator.cookie })));
    expect(again.data.fieldErrors.mesclar).toBe('É o mesmo registro (ou já foi mesclado nele): escolha a duplicata.');
  });

  it('merges works named by an edition of each, and authors by identificador', async () => {
    const curator = await createUser({ role: 'curator' });
    const a = await createEdition({ title: 'Lucíola', authors: ['José de Alencar'] });
    const b = await createEdition({ title: 'Luciola: um perfil de mulher', authors: ['Jose de Alencar Filho'] });
    const workOfB = (await getEdition(b))?.workId ?? '';
    const works = (await call(
      merge.action,
      formRequest(`/gerenciar/catalogo/mesclar?tipo=obra&manter=${a}&mesclar=${b}`, { intent: 'mesclar' }, { cookie: curator.cookie }),
    )) as Response;
    expect(works.status).toBe(302);
    expect(await findCatalogRedirect('work', workOfB)).toBe((await getEdition(a))?.workId);
    const authors = (await call(
      merge.action,
      formRequest(
        '/gerenciar/catalogo/mesclar?tipo=autor&manter=/autor/jose-de-alencar&mesclar=jose-de-alencar-filho',
        { intent: 'mesclar' },
        { cookie: curator.cookie },
      ),
    )) as Response;
    expect(authors.status).toBe(302);
    expect(await findCatalogRedirect('author_slug', 'jose-de-alencar-filho')).toBe('jose-de-alencar');
  });
});
