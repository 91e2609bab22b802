import { nanoid } from 'nanoid';

/** Random, URL-safe, unguessable: safe to show in the URL of something private. */
export function newId(): string {
  return nanoid(21);
}
