import type { ImportField } from './vocabulary';

/** Each field of an import as the preview's column mapping names it. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  bookId: 'Id da edição no Maratona',
  title: 'Título',
  authors: 'Autor',
  additionalAuthors: 'Outros autores',
  isbn: 'ISBN',
  isbn13: 'ISBN-13',
  rating: 'Nota',
  exactRating: 'Nota exata (quartos de estrela)',
  status: 'Status (estante exclusiva)',
  shelves: 'Estantes e tags',
  dateRead: 'Data de leitura',
  datesRead: 'Datas de leitura (várias)',
  readings: 'Leituras com datas (Maratona)',
  details: 'Estantes, humores e mais (Maratona)',
  dateAdded: 'Data em que entrou na estante',
  review: 'Resenha',
  spoiler: 'Resenha com spoiler',
  notes: 'Anotações privadas',
  readCount: 'Quantas vezes leu',
  owned: 'Tenho um exemplar',
  moods: 'Humores',
  pacing: 'Ritmo',
  contentWarnings: 'Avisos de conteúdo',
};
