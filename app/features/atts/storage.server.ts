import { PRIVATE_UPLOADS_PREFIX, getStorage, type StoredFile } from '~/integrations/storage/storage.server';
import { newId } from '~/lib/ids';

/**
 * An att's photos live under the private prefix, which /arquivos never serves: only /att/{id}/imagens/{n}
 * answers them, after the audience check (the same way a proposed cover waits, ADR 0015). A new photo gets
 * a new key, so nothing is ever overwritten.
 */
export async function storeAttImage(attId: string, body: Buffer, contentType: string): Promise<string> {
  const key = `${PRIVATE_UPLOADS_PREFIX}atts/${attId}/${newId()}.webp`;
  await getStorage().put(key, body, contentType);
  return key;
}

export function readAttImage(key: string, ifNoneMatch?: string): Promise<StoredFile | null> {
  return getStorage().get(key, ifNoneMatch === undefined ? {} : { ifNoneMatch });
}
