import { Zip, ZipDeflate } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/db';
import { createUser } from '../../test/factories';
import { call, type Failure } from '../../test/routes';
import * as importHub from './configuracoes.importar';

useTestDatabase();

const MB = 1024 * 1024;
const BOMB =
  'Este .zip cresce demais ao ser aberto para ser um arquivo completo do Maratona. Baixe de novo o arquivo em Configurações → Exportar e envie sem alterar.';

/** A zip whose data.json is `size` spaces, deflated as it is written: a bomb costs the test a few hundred KB. */
function spacesZip(size: number): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    parts.push(chunk);
  });
  const file = new ZipDeflate('data.json', { level: 9 });
  zip.add(file);
  const piece = new Uint8Array(MB).fill(0x20);
  for (let left = size; left > 0; left -= MB) file.push(left > MB ? piece : piece.subarray(0, left), left <= MB);
  zip.end();
  const bytes = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  parts.reduce((at, part) => (bytes.set(part, at), at + part.length), 0);
  return bytes;
}

/** The same zip with its central directory declaring `size` bytes for data.json (a header that lies). */
function declaring(zip: Uint8Array, size: number): Uint8Array {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.byteLength - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  view.setUint32(view.getUint32(end + 16, true) + 24, size, true);
  return zip;
}

async function upload(bytes: Uint8Array) {
  const reader = await createUser({ verified: true });
  const form = new FormData();
  form.set('arquivo', new File([new Uint8Array(bytes)], 'maratona-leitora.zip', { type: 'application/zip' }));
  const request = new Request('http://localhost:3000/configuracoes/importar', {
    method: 'POST',
    body: form,
    headers: { Origin: 'http://localhost:3000', Cookie: reader.cookie },
  });
  return (await call(importHub.action, request)) as Failure;
}

describe('a full archive sent to the import', () => {
  it('is refused, next to the file field, when data.json says it expands past the cap', async () => {
    const zip = spacesZip(101 * MB);
    expect(zip.byteLength).toBeLessThan(200 * 1024);
    const refused = await upload(zip);
    expect([refused.init.status, refused.data.fieldErrors.arquivo]).toEqual([400, BOMB]);
  });

  it('is refused when data.json expands far more than any JSON does, under the cap', async () => {
    const refused = await upload(spacesZip(20 * MB));
    expect([refused.init.status, refused.data.fieldErrors.arquivo]).toEqual([400, BOMB]);
  });

  it('stops inflating where the header says data.json ends: a header that lies is a bomb too', async () => {
    const refused = await upload(declaring(spacesZip(64 * MB), 1000));
    expect([refused.init.status, refused.data.fieldErrors.arquivo]).toEqual([400, BOMB]);
  });
});
