import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '~/server/env.server';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, formRequest, multipartRequest, testPhoto, type TestUser } from '../../test/factories';
import { call, type Failure } from '../../test/routes';
import * as coverForm from './catalogo.solicitar.capa';
import * as account from './configuracoes.conta';
import * as edition from './ed.$id';

useTestDatabase();

type Limited = Failure & { init: { headers: Record<string, string> } };

const avatar = async (reader: TestUser) =>
  call(account.action, multipartRequest('/configuracoes/conta', { intent: 'avatar' }, [['avatar', await testPhoto()]], reader.cookie));
const cover = async (reader: TestUser, editionId: string) =>
  call(
    coverForm.action,
    multipartRequest(`/catalogo/solicitar/capa?edicao=${editionId}`, { note: 'Foto do meu exemplar' }, [['capa', await testPhoto()]], reader.cookie),
  );
const att = async (reader: TestUser, editionId: string) =>
  call(
    edition.action,
    multipartRequest(
      `/ed/${editionId}`,
      { intent: 'publicar-att', attText: 'Terminei!', attVisibility: 'publico' },
      [['fotos', await testPhoto()]],
      reader.cookie,
    ),
    { id: editionId },
  );

const LIMIT_MESSAGE = /^Você chegou ao limite de 2 imagens por hora\. Poderá enviar outra daqui a \d+ minutos?\.$/;

describe('image uploads', () => {
  beforeEach(() => {
    process.env.RATE_LIMIT_IMAGE_UPLOADS_PER_HOUR = '2';
    resetEnvForTests();
  });
  afterEach(() => {
    delete process.env.RATE_LIMIT_IMAGE_UPLOADS_PER_HOUR;
    resetEnvForTests();
  });

  it('share one limit per reader across the avatar, cover requests and att photos: 429 with Retry-After, the message next to the field', async () => {
    const reader = await createUser({ verified: true });
    const other = await createUser({ verified: true });
    const editionId = await createEdition({ title: 'Capitães da Areia', authors: ['Jorge Amado'] });
    await call(edition.action, formRequest(`/ed/${editionId}`, { intent: 'situacao', status: 'lido' }, { cookie: reader.cookie }), { id: editionId });

    expect(await avatar(reader)).toEqual({ success: 'Foto atualizada.', intent: 'avatar' });
    expect(((await cover(reader, editionId)) as Response).status).toBe(302);

    const limitedAvatar = (await avatar(reader)) as Limited;
    expect(limitedAvatar.init.status).toBe(429);
    expect(Number(limitedAvatar.init.headers['Retry-After'])).toBeGreaterThan(0);
    expect(limitedAvatar.data.fieldErrors.avatar).toMatch(LIMIT_MESSAGE);

    const limitedCover = (await cover(reader, editionId)) as Limited;
    expect([limitedCover.init.status, limitedCover.data.fieldErrors.capa, limitedCover.data.fields.note]).toEqual([
      429,
      expect.stringMatching(LIMIT_MESSAGE),
      'Foto do meu exemplar',
    ]);

    const limitedAtt = (await att(reader, editionId)) as Limited;
    expect([limitedAtt.init.status, limitedAtt.data.fieldErrors.fotos, limitedAtt.data.fields.attText]).toEqual([
      429,
      expect.stringMatching(LIMIT_MESSAGE),
      'Terminei!',
    ]);

    // Per reader: someone else's uploads are not counted against them.
    expect(await avatar(other)).toEqual({ success: 'Foto atualizada.', intent: 'avatar' });
  });
});
