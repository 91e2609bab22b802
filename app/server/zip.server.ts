import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';

const inflate = promisify(inflateRaw);

/**
 * What an uploaded zip may expand to: each entry and all of them together (as declared), and how many times
 * an entry may grow when inflated.
 */
export type ZipLimits = { readonly entryBytes: number; readonly totalBytes: number; readonly ratio: number };

/** An entry this small cannot hurt, whatever its ratio (a short JSON of repeated keys may compress 50 times). */
const RATIO_FROM_BYTES = 1024 * 1024;

/** Why a zip was not read: not one we can read (damaged, encrypted, zip64), or one that expands past its limits. */
export class ZipError extends Error {
  constructor(readonly reason: 'unreadable' | 'too_large') {
    super(reason === 'too_large' ? 'The zip expands past its limits' : 'The zip cannot be read');
    this.name = 'ZipError';
  }
}

type ZipEntry = { name: string; flags: number; method: number; compressedSize: number; size: number; localHeader: number };

/** The entries its central directory declares; zip64 archives are refused (nothing we read is that large). */
function entriesOf(view: DataView): ZipEntry[] {
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  let end = view.byteLength - 22;
  const first = Math.max(0, end - 0xffff);
  while (end >= first && u32(end) !== 0x06054b50) end -= 1;
  if (end < first) throw new ZipError('unreadable');
  const count = u16(end + 10);
  let at = u32(end + 16);
  if (count === 0xffff || at === 0xffffffff) throw new ZipError('unreadable');
  const names = new TextDecoder();
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (u32(at) !== 0x02014b50) throw new ZipError('unreadable');
    const nameLength = u16(at + 28);
    entries.push({
      name: names.decode(new Uint8Array(view.buffer, view.byteOffset + at + 46, nameLength)),
      flags: u16(at + 8),
      method: u16(at + 10),
      compressedSize: u32(at + 20),
      size: u32(at + 24),
      localHeader: u32(at + 42),
    });
    at += 46 + nameLength + u16(at + 30) + u16(at + 32);
  }
  return entries;
}

/** The entry's bytes inflated, never past its declared size: a header that understates it is a bomb too. */
async function inflateEntry(view: DataView, entry: ZipEntry): Promise<Uint8Array> {
  const local = entry.localHeader;
  if (view.getUint32(local, true) !== 0x04034b50 || entry.flags & 1) throw new ZipError('unreadable');
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  if (start + entry.compressedSize > view.byteLength) throw new ZipError('unreadable');
  const stored = new Uint8Array(view.buffer, view.byteOffset + start, entry.compressedSize);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) throw new ZipError('unreadable');
    return stored.slice();
  }
  if (entry.method !== 8) throw new ZipError('unreadable');
  if (entry.size === 0) return new Uint8Array(0);
  let inflated: Buffer;
  try {
    inflated = await inflate(stored, { maxOutputLength: entry.size });
  } catch (error) {
    throw new ZipError((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? 'too_large' : 'unreadable');
  }
  if (inflated.byteLength !== entry.size) throw new ZipError('unreadable');
  return inflated;
}

/**
 * The entry `name` of an uploaded zip, or null when it has none. The sizes the zip declares — each entry's,
 * their sum and each entry's expansion ratio — are checked against `limits` before anything is inflated, and
 * the entry is inflated on zlib's threads up to its declared size and no further, so a bomb is refused having
 * cost at most its declared (and allowed) size.
 */
export async function readZipEntry(bytes: Uint8Array, name: string, limits: ZipLimits): Promise<Uint8Array | null> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let entries: ZipEntry[];
  try {
    entries = entriesOf(view);
  } catch (error) {
    // A directory that points outside the file reads past the DataView's end.
    if (error instanceof RangeError) throw new ZipError('unreadable');
    throw error;
  }
  let total = 0;
  for (const entry of entries) {
    total += entry.size;
    const bomb = entry.size > limits.entryBytes || (entry.size > RATIO_FROM_BYTES && entry.size > entry.compressedSize * limits.ratio);
    if (bomb || total > limits.totalBytes) throw new ZipError('too_large');
  }
  const entry = entries.find((candidate) => candidate.name === name);
  if (!entry) return null;
  try {
    return await inflateEntry(view, entry);
  } catch (error) {
    if (error instanceof RangeError) throw new ZipError('unreadable');
    throw error;
  }
}
