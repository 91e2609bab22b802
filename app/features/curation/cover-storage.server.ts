import { PRIVATE_UPLOADS_PREFIX, getStorage, type StoredFile } from '~/integrations/storage/storage.server';
import { newId } from '~/lib/ids';

/**
 * Where a proposed cover lives while it waits: under the private prefix, which /arquivos never serves, so
 * only the request's own route (requester and curators) can show it. Approval copies it to a public key.
 */
export const proposedCoverKey = (requestId: string) => `${PRIVATE_UPLOADS_PREFIX}capas-propostas/${requestId}.webp`;

/** The URL of a request's proposed cover: the access-checked route, never /arquivos. */
export const proposedCoverPath = (code: string) => `/catalogo/solicitacoes/${code}/capa`;

export async function storeProposedCover(requestId: string, body: Buffer, contentType: string): Promise<void> {
  await getStorage().put(proposedCoverKey(requestId), body, contentType);
}

export function readProposedCover(requestId: string, ifNoneMatch?: string): Promise<StoredFile | null> {
  return getStorage().get(proposedCoverKey(requestId), ifNoneMatch === undefined ? {} : { ifNoneMatch });
}

/** Makes an approved cover public under a new key (keys are written once) and answers its URL. */
export async function publishProposedCover(requestId: string, editionId: string): Promise<string> {
  const file = await readProposedCover(requestId);
  if (!file?.body) throw new Error(`The proposed cover of request ${requestId} is missing from storage`);
  const body = Buffer.from(await new Response(file.body).arrayBuffer());
  return getStorage().put(`capas/${editionId}/${newId()}.webp`, body, file.contentType);
}
