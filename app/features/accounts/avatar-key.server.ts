import { keyOfUrl } from '~/integrations/storage/storage.server';

/**
 * The storage key of the reader's own uploaded avatar, or null: a provider's picture, or a stored address
 * that does not lie under this reader's own folder. Removing, exporting or deleting an avatar goes through
 * here, so a stored value can never make us touch another reader's file.
 */
export function ownAvatarKey(userId: string, image: string | null): string | null {
  const key = keyOfUrl(image);
  if (!key) return null;
  const prefix = `avatars/${userId}/`;
  return key.startsWith(prefix) && /^[\w-]+\.\w+$/.test(key.slice(prefix.length)) ? key : null;
}
