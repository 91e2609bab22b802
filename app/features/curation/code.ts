import { customAlphabet } from 'nanoid';

/**
 * Digits and capitals without the look-alikes 0/O, 1/I/L and U/V, so a code read aloud or typed from a
 * screenshot is never ambiguous; 29⁶ ≈ 590 million codes keep them unguessable.
 */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';
const randomPart = customAlphabet(CODE_ALPHABET, 6);

export const newRequestCode = () => `SOL-${randomPart()}`;

export const REQUEST_CODE_PATTERN = new RegExp(`^SOL-[${CODE_ALPHABET}]{6}$`);
