import { serialize } from 'node:v8';

/**
 * Whether V8 holds this string at one byte per character, as its serializer tells: a one-byte string is
 * written with the tag `"`, a two-byte one with `c` (docs/decisions/0033 says why pages care).
 */
export function isOneByte(text: string): boolean {
  const tag = serialize(text)[2];
  if (tag !== 0x22 && tag !== 0x63) throw new Error(`unexpected serializer tag ${tag}`);
  return tag === 0x22;
}
