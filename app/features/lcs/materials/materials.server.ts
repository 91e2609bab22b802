import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { groupReadMaterials } from '~/db/schema';
import { PRIVATE_UPLOADS_PREFIX, type StoredFile, getStorage, removeFiles } from '~/integrations/storage/storage.server';
import { newId } from '~/lib/ids';
import { AppError, RateLimitError } from '~/server/errors';
import { invalidateTags } from '~/server/html-cache.server';
import { IMAGE_MAX_SIDE, readUploadedImage } from '~/server/images.server';
import { formatWait, hitRateLimit } from '~/server/rate-limit.server';
import type { Viewer } from '~/server/viewer.server';
import { groupReadPageTags } from '../cache';
import { GROUP_READ_MATERIALS_MAX, MATERIAL_FILES_PER_HOUR, MATERIAL_PDF_MAX_BYTES, MATERIAL_TITLE_MAX } from '../policy';
import { requireGroupReadAccess } from '../standing.server';
import type { GroupReadMaterial } from '../types';

/**
 * An LC's materials (PRODUCT.md §F): links and files, in the host's order. Files live under the private prefix,
 * which /arquivos never serves: only /lc/{identificador}/materiais/{id} answers them, after the same check as the
 * LC's pages (a private LC's file is 404 to whoever may not see it). A file gets a new key, never overwritten.
 */

const FILE_FIELD = 'file';
const filesRule = { name: 'group-read-files', limit: MATERIAL_FILES_PER_HOUR, windowSeconds: 3600 };

/** The file's kind from its key: PDFs are kept as sent, images re-encoded to WebP. */
const fileKindOf = (key: string): 'pdf' | 'image' => (key.endsWith('.pdf') ? 'pdf' : 'image');

/** The LC's materials in order, for an LC the viewer may see (the page resolved it): files at the LC's own address. */
export async function listMaterials(lc: { id: string; slug: string }): Promise<GroupReadMaterial[]> {
  const rows = await getDb()
    .select({
      id: groupReadMaterials.id,
      kind: groupReadMaterials.kind,
      title: groupReadMaterials.title,
      url: groupReadMaterials.url,
      fileKey: groupReadMaterials.fileKey,
    })
    .from(groupReadMaterials)
    .where(eq(groupReadMaterials.groupReadId, lc.id))
    .orderBy(asc(groupReadMaterials.position), asc(groupReadMaterials.createdAt));
  return rows.map(({ fileKey, url, ...row }) => ({
    ...row,
    url: fileKey ? `/lc/${lc.slug}/materiais/${row.id}` : (url ?? ''),
    fileKind: fileKey ? fileKindOf(fileKey) : null,
  }));
}

/** A PDF is taken by its content (it starts with %PDF-), never by its name or the type the browser claims. */
const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';

async function countFileUpload(viewer: Viewer): Promise<void> {
  const limit = await hitRateLimit(filesRule, viewer.id);
  if (!limit.ok)
    throw new RateLimitError(
      limit.retryAfterSeconds,
      `Você chegou ao limite de ${MATERIAL_FILES_PER_HOUR} arquivos por hora. Poderá enviar outro daqui a ${formatWait(limit.retryAfterSeconds)}.`,
      FILE_FIELD,
    );
}

/** The file as stored: a PDF as it came (≤ 10 MB), an image re-encoded under the image rules (≤ 5 MB, no EXIF). */
async function readMaterialFile(viewer: Viewer, file: File): Promise<{ body: Buffer; contentType: string; extension: 'pdf' | 'webp' }> {
  if (file.size > MATERIAL_PDF_MAX_BYTES) throw new AppError('invalid_input', 'O arquivo passa do limite de 10 MB.', FILE_FIELD);
  const bytes = Buffer.from(await file.arrayBuffer());
  if (isPdf(bytes)) {
    await countFileUpload(viewer);
    return { body: bytes, contentType: 'application/pdf', extension: 'pdf' };
  }
  await countFileUpload(viewer);
  try {
    const image = await readUploadedImage(viewer, file, IMAGE_MAX_SIDE, FILE_FIELD);
    return { body: image.body, contentType: image.contentType, extension: 'webp' };
  } catch (error) {
    if (error instanceof AppError && error.code === 'invalid_image')
      throw new AppError('invalid_input', 'Envie um PDF ou uma imagem (JPEG, PNG, WebP ou GIF).', FILE_FIELD);
    throw error;
  }
}

/** The title a file gets when the host leaves it blank: its own name without the extension. */
function titleFrom(typed: string, file: File): string {
  const fromName = file.name.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim();
  return (typed || fromName || 'Arquivo').slice(0, MATERIAL_TITLE_MAX);
}

type NewMaterial = { kind: 'link'; title: string; url: string } | { kind: 'file'; title: string; fileKey: string };

async function insertMaterial(viewer: Viewer, groupReadId: string, material: NewMaterial): Promise<void> {
  await getDb().transaction(async (tx) => {
    await requireGroupReadAccess(tx, viewer, groupReadId, 'manage', { lock: true });
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${groupReadMaterials.position}), -1)::int` })
      .from(groupReadMaterials)
      .where(eq(groupReadMaterials.groupReadId, groupReadId));
    if ((row?.n ?? 0) >= GROUP_READ_MATERIALS_MAX)
      throw new AppError('invalid_input', `Uma LC tem no máximo ${GROUP_READ_MATERIALS_MAX} materiais. Remova um para adicionar outro.`);
    await tx.insert(groupReadMaterials).values({
      id: newId(),
      groupReadId,
      kind: material.kind,
      title: material.title,
      url: material.kind === 'link' ? material.url : null,
      fileKey: material.kind === 'file' ? material.fileKey : null,
      position: (row?.last ?? -1) + 1,
      createdById: viewer.id,
    });
  });
  await invalidateTags(groupReadPageTags(groupReadId));
}

/** Host tools: a link at the end of the list. */
export async function addMaterialLink(viewer: Viewer, groupReadId: string, input: { title: string; url: string }): Promise<void> {
  await insertMaterial(viewer, groupReadId, { kind: 'link', ...input });
}

/** Host tools: a file at the end of the list (checked, counted and stored before the row; removed again if the row is refused). */
export async function addMaterialFile(viewer: Viewer, groupReadId: string, typedTitle: string, file: File): Promise<void> {
  await requireGroupReadAccess(getDb(), viewer, groupReadId, 'manage');
  const stored = await readMaterialFile(viewer, file);
  const key = `${PRIVATE_UPLOADS_PREFIX}group-reads/${groupReadId}/materials/${newId()}.${stored.extension}`;
  await getStorage().put(key, stored.body, stored.contentType);
  try {
    await insertMaterial(viewer, groupReadId, { kind: 'file', title: titleFrom(typedTitle, file), fileKey: key });
  } catch (error) {
    await removeFiles([key]);
    throw error;
  }
}

/** Host tools: takes a material out (its file too, once the row is gone). */
export async function removeMaterial(viewer: Viewer, groupReadId: string, materialId: string): Promise<void> {
  const removed = await getDb().transaction(async (tx) => {
    await requireGroupReadAccess(tx, viewer, groupReadId, 'manage', { lock: true });
    const [row] = await tx
      .delete(groupReadMaterials)
      .where(and(eq(groupReadMaterials.groupReadId, groupReadId), eq(groupReadMaterials.id, materialId)))
      .returning({ fileKey: groupReadMaterials.fileKey });
    if (!row) throw new AppError('invalid_input', 'Esse material não está mais na LC.');
    return row.fileKey;
  });
  await invalidateTags(groupReadPageTags(groupReadId));
  if (removed) await removeFiles([removed]);
}

/** Host tools: one place up or down; the list is renumbered 0, 1, 2… in the new order. */
export async function moveMaterial(viewer: Viewer, groupReadId: string, materialId: string, direction: 'up' | 'down'): Promise<void> {
  await getDb().transaction(async (tx) => {
    await requireGroupReadAccess(tx, viewer, groupReadId, 'manage', { lock: true });
    const rows = await tx
      .select({ id: groupReadMaterials.id })
      .from(groupReadMaterials)
      .where(eq(groupReadMaterials.groupReadId, groupReadId))
      .orderBy(asc(groupReadMaterials.position), asc(groupReadMaterials.createdAt));
    const ids = rows.map((row) => row.id);
    const at = ids.indexOf(materialId);
    if (at < 0) throw new AppError('invalid_input', 'Esse material não está mais na LC.');
    const to = direction === 'up' ? at - 1 : at + 1;
    if (to < 0 || to >= ids.length) return;
    [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    for (const [position, id] of ids.entries()) await tx.update(groupReadMaterials).set({ position }).where(eq(groupReadMaterials.id, id));
  });
  await invalidateTags(groupReadPageTags(groupReadId));
}

/**
 * A material's file for the viewer: null (answered 404) when the LC is hidden from them (private, a club's to an
 * outsider, the banned), or the material is not a file of this LC.
 */
export async function getMaterialFile(
  viewer: Viewer | null,
  groupReadId: string,
  materialId: string,
  ifNoneMatch?: string,
): Promise<{ file: StoredFile; title: string; kind: 'pdf' | 'image' } | null> {
  try {
    await requireGroupReadAccess(getDb(), viewer, groupReadId, 'see');
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  }
  const [row] = await getDb()
    .select({ fileKey: groupReadMaterials.fileKey, title: groupReadMaterials.title })
    .from(groupReadMaterials)
    .where(and(eq(groupReadMaterials.groupReadId, groupReadId), eq(groupReadMaterials.id, materialId)));
  if (!row?.fileKey) return null;
  const file = await getStorage().get(row.fileKey, ifNoneMatch === undefined ? {} : { ifNoneMatch });
  return file ? { file, title: row.title, kind: fileKindOf(row.fileKey) } : null;
}
