import type { StoredFile } from '~/integrations/storage/storage.server';
import { readPrivateImage, storePrivateImage } from '~/server/images.server';

/**
 * An att's photos live under the private prefix, which /arquivos never serves: only /att/{id}/imagens/{n}
 * answers them, after the audience check (the same way a proposed cover waits, ADR 0015). A new photo gets
 * a new key, so nothing is ever overwritten.
 */
export function storeAttImage(attId: string, body: Buffer, contentType: string): Promise<string> {
  return storePrivateImage(`atts/${attId}`, body, contentType);
}

export function readAttImage(key: string, ifNoneMatch?: string): Promise<StoredFile | null> {
  return readPrivateImage(key, ifNoneMatch);
}
