import { type ZippableFile, strFromU8, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ZipError, readZipEntry } from './zip.server';

const limits = { entryBytes: 4 * 1024 * 1024, totalBytes: 6 * 1024 * 1024, ratio: 100 };
const reasonOf = (read: Promise<unknown>) =>
  read.then(
    () => null,
    (error: unknown) => (error instanceof ZipError ? error.reason : error),
  );

describe('readZipEntry', () => {
  it('reads a deflated or a stored entry, and answers null for a missing one', async () => {
    const zip = zipSync({ 'data.json': [strToU8('{"a": 1}'), { level: 6 }], 'imagens/a.webp': [new Uint8Array([1, 2, 3]), { level: 0 }] });
    expect(strFromU8((await readZipEntry(zip, 'data.json', limits))!)).toBe('{"a": 1}');
    expect([...(await readZipEntry(zip, 'imagens/a.webp', limits))!]).toEqual([1, 2, 3]);
    expect(await readZipEntry(zip, 'outro.json', limits)).toBeNull();
  });

  it('refuses, before inflating anything, entries that together declare more than the total', async () => {
    const stored = (): ZippableFile => [new Uint8Array(3.5 * 1024 * 1024), { level: 0 }];
    const zip = zipSync({ 'a.bin': stored(), 'b.bin': stored(), 'data.json': strToU8('{}') });
    expect(await reasonOf(readZipEntry(zip, 'data.json', limits))).toBe('too_large');
  });

  it('calls a cut or foreign file unreadable', async () => {
    const zip = zipSync({ 'data.json': strToU8('{"a": 1}') });
    expect(await reasonOf(readZipEntry(strToU8('não é um zip'), 'data.json', limits))).toBe('unreadable');
    expect(await reasonOf(readZipEntry(zip.subarray(10), 'data.json', limits))).toBe('unreadable');
  });
});
