import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/db';
import { getAuth } from '~/features/accounts/auth.server';
import { cookieFrom, createEdition, createUser, formRequest, getRequest } from '../../test/factories';
import * as edition from './ed.$id';
import * as bookshelf from './estante';
import { routeArgs, type Handler, type Failure } from '../../test/routes';

useTestDatabase();

const act = edition.action as unknown as Handler;
const loadEdition = edition.loader as unknown as Handler;
const loadBookshelf = bookshelf.loader as unknown as Handler;
type Page = {
  data: {
    entry: { status: string } | null;
    progress: {
      fraction: number;
      value: number | null;
      units: string[];
      daysLeft: number | null;
      updates: { value: number; emotion: string | null; comment: string | null; spoiler: boolean; correction: boolean }[];
    } | null;
  };
};

const poster = (id: string, cookie: string) => (fields: Record<string, string>) => act(routeArgs(formRequest(`/ed/${id}`, fields, { cookie }), { id }));
const loadFor = async (id: string, cookie?: string) => ((await loadEdition(routeArgs(getRequest(`/ed/${id}`, cookie), { id }))) as Page).data;

describe('the progress forms of /ed/{id}', () => {
  it('log progress with an emotion and a hidden spoiler, reach the end and mark the book read', async () => {
    const id = await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'], pages: 264 });
    const reader = await createUser();
    const post = poster(id, reader.cookie);

    // Not on the bookshelf yet: logging progress starts the reading.
    expect(await post({ intent: 'progresso', value: '66', unit: 'paginas', emotion: 'com-raiva', comment: 'Bibiana e Belonísia!', spoiler: 'sim' })).toEqual({
      success: 'Progresso registrado.',
    });
    let page = await loadFor(id, reader.cookie);
    expect(page.entry).toMatchObject({ status: 'reading' });
    expect(page.progress).toMatchObject({
      fraction: 0.25,
      value: 66,
      units: ['page', 'percent'],
      daysLeft: null,
      updates: [{ value: 66, emotion: 'angry', comment: 'Bibiana e Belonísia!', spoiler: true, correction: false }],
    });

    expect(await post({ intent: 'progresso', value: '50', unit: 'porcentagem' })).toEqual({ success: 'Progresso registrado.' });
    expect(await post({ intent: 'progresso', value: '100', unit: 'paginas' })).toEqual({
      success: 'Atualização registrada; seu progresso já estava mais adiante (para voltar, use “Corrigir progresso”).',
    });
    expect(await post({ intent: 'corrigir-progresso', correctedValue: '40', correctedUnit: 'porcentagem' })).toEqual({ success: 'Progresso corrigido.' });
    expect((await loadFor(id, reader.cookie)).progress).toMatchObject({
      fraction: 0.4,
      updates: [{ correction: true }, { value: 100 }, { value: 50 }, { value: 66 }],
    });

    expect(await post({ intent: 'progresso', value: '264', unit: 'paginas' })).toEqual({ success: 'Você chegou ao fim! Marque como lido e dê sua nota.' });
    page = await loadFor(id, reader.cookie);
    expect(page).toMatchObject({ entry: { status: 'reading' }, progress: { fraction: 1 } });
    const shelf = (await loadBookshelf(routeArgs(getRequest('/estante?situacao=lendo', reader.cookie)))) as {
      bookshelf: { items: { progress: number | null }[] };
    };
    expect(shelf.bookshelf.items).toMatchObject([{ progress: 1 }]);

    expect(await post({ intent: 'situacao', status: 'lido' })).toEqual({ success: 'Na sua estante como “Lido”.' });
    expect(await post({ intent: 'avaliar', rating: '4,25' })).toEqual({ success: 'Nota salva.' });
    page = await loadFor(id, reader.cookie);
    expect(page).toMatchObject({ entry: { status: 'read' }, progress: null });
  });

  it('say what is wrong next to the field and keep what was typed', async () => {
    const id = await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'], pages: 176 });
    const post = poster(id, (await createUser()).cookie);
    const fail = async (fields: Record<string, string>) => (await post({ intent: 'progresso', comment: 'Fabiano', ...fields })) as Failure;

    const beyond = await fail({ value: '300', unit: 'paginas' });
    expect(beyond.init.status).toBe(400);
    expect(beyond.data.fieldErrors).toEqual({ value: 'Este livro tem 176 páginas.' });
    expect(beyond.data.fields).toMatchObject({ value: '300', unit: 'paginas', comment: 'Fabiano' });
    expect((await fail({ value: '-3', unit: 'paginas' })).data.fieldErrors.value).toBe('O progresso não pode ser negativo.');
    expect((await fail({ value: 'abc', unit: 'paginas' })).data.fieldErrors.value).toBe('Informe um número inteiro, como 120.');
    expect((await fail({ value: '12,5', unit: 'porcentagem' })).data.fieldErrors.value).toBe('Informe um número inteiro, como 120.');
    expect((await fail({ value: '0', unit: 'paginas' })).data.fieldErrors.value).toBe('Informe um número maior que zero.');
    expect((await fail({ value: '101', unit: 'porcentagem' })).data.fieldErrors.value).toBe('A porcentagem vai até 100.');
    expect((await fail({ value: '10', unit: 'minutos' })).data.fieldErrors.unit).toBe('Minutos só para audiolivros com duração informada; use a porcentagem.');
    expect((await fail({ value: '10', unit: 'capitulos' })).data.fieldErrors.unit).toBe('Escolha a unidade.');
    expect((await fail({ value: '10', unit: 'paginas', emotion: 'feliz' })).data.fieldErrors.emotion).toBe('Escolha uma emoção da lista.');
    expect((await fail({ value: '10', unit: 'paginas', comment: 'a'.repeat(1001) })).data.fieldErrors.comment).toBe(
      'O comentário pode ter até 1.000 caracteres.',
    );

    const negativeCorrection = (await post({ intent: 'corrigir-progresso', correctedValue: '-1', correctedUnit: 'paginas' })) as Failure;
    expect(negativeCorrection.data.fieldErrors.correctedValue).toBe('O progresso não pode ser negativo.');
    expect(negativeCorrection.data.fields.correctedValue).toBe('-1');
  });

  it('let nobody else log or correct my progress; visitors are sent to sign in', async () => {
    const id = await createEdition({ title: 'Macunaíma', authors: ['Mário de Andrade'], pages: 200 });
    const [reader, other] = [await createUser(), await createUser()];
    await poster(id, reader.cookie)({ intent: 'progresso', value: '150', unit: 'paginas' });

    // Another reader's forms only ever reach their own entry.
    expect(await poster(id, other.cookie)({ intent: 'progresso', value: '10', unit: 'paginas' })).toEqual({ success: 'Progresso registrado.' });
    const correction = (await poster(id, other.cookie)({ intent: 'corrigir-progresso', correctedValue: '100', correctedUnit: 'paginas' })) as Failure;
    expect(correction.data.fieldErrors.correctedValue).toBe('A correção é para voltar atrás; para avançar, registre o progresso.');
    expect((await loadFor(id, reader.cookie)).progress).toMatchObject({ value: 150, updates: [{ value: 150 }] });
    expect((await loadFor(id, other.cookie)).progress).toMatchObject({ value: 10, updates: [{ value: 10 }] });
    expect((await loadFor(id)).progress).toBeNull();

    const visitor = (await act(routeArgs(formRequest(`/ed/${id}`, { intent: 'progresso', value: '199', unit: 'paginas' }), { id })).catch(
      (e: unknown) => e,
    )) as Response;
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toMatch(/^\/auth\/signin/);
    expect((await loadFor(id, reader.cookie)).progress?.value).toBe(150);
  });

  it('keep the furthest value when two sessions post at the same time', async () => {
    const id = await createEdition({ title: 'Iracema', authors: ['José de Alencar'], pages: 120 });
    const reader = await createUser({ verified: true });
    // A second session of the same reader: signed in again, as on another device.
    const { headers } = await getAuth().api.signInEmail({ body: { email: reader.email, password: reader.password }, returnHeaders: true });
    const sessions = [poster(id, reader.cookie), poster(id, cookieFrom(headers))];
    expect(cookieFrom(headers)).not.toBe(reader.cookie);
    await sessions[0]!({ intent: 'situacao', status: 'lendo' });
    await Promise.all(['90', '30', '89', '60', '12', '91'].map((value, i) => sessions[i % 2]!({ intent: 'progresso', value, unit: 'paginas' })));
    expect((await loadFor(id, reader.cookie)).progress).toMatchObject({ value: 91, fraction: 91 / 120 });
    expect((await loadFor(id, reader.cookie)).progress?.updates).toHaveLength(5);
  });
});
