/**
 * How what a deleted account left behind is signed (PRODUCT.md §D): comments in others' threads and catalogue
 * contributions stay, without anything that points at the reader who wrote them.
 */
export const REMOVED_READER = 'leitor removido';
