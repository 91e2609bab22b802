import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live: local disk under the data directory (served at /arquivos). The key is
 * random and chosen by the caller; the file is written to a temporary name first, so a crash never
 * leaves half a file under its final name.
 */
export type Storage = { put: (key: string, body: Buffer, contentType: string) => Promise<string> };

export function localStorage(root: string): Storage {
  return {
    async put(key, body) {
      const file = path.join(root, key);
      if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error('Invalid storage key');
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, file);
      return `/arquivos/${key}`;
    },
  };
}
