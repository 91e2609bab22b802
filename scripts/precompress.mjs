// After the build: brotli (11) and gzip copies of every script and stylesheet, served as they are by
// server.ts, so no request pays for compression and browsers get the smallest form they accept. The gzip
// copies come from zopfli (same format, about 3 % smaller than zlib's level 9), paid once per build.
import { gzipAsync } from '@gfx/zopfli';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const dir = 'build/client/assets';
const names = readdirSync(dir).filter((name) => /\.(js|css)$/.test(name));
await Promise.all(
  names.map(async (name) => {
    const file = path.join(dir, name);
    const body = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, await gzipAsync(body, { numiterations: 15 }));
  }),
);
console.log(`precompressed ${names.length} assets`);
