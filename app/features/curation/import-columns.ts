import { foldForMatch } from '~/features/catalog/normalize';

/**
 * The columns of a curators' import file: each field with the header names it is found by (decision 0055).
 * Names are compared folded — no accents, case, spaces or punctuation — so "OBRA", "Título", "TITULO",
 * "AUTOR(ES)" and "ISBN-13" are found as written by any spreadsheet. Like the readers' import's mapping
 * (features/imports/fields.ts), one table per field, in Portuguese and English.
 */
export const IMPORT_COLUMNS = {
  title: { label: 'Título', headers: ['titulo', 'obra', 'title', 'nome', 'nomedolivro', 'nomedaobra', 'tituloobra', 'titulodaobra', 'livro'] },
  subtitle: { label: 'Subtítulo', headers: ['subtitulo', 'subtitle'] },
  authors: { label: 'Autores', headers: ['autor', 'autora', 'autores', 'autoras', 'autoria', 'author', 'authors', 'escritor', 'escritora'] },
  translators: { label: 'Tradução', headers: ['tradutor', 'tradutora', 'tradutores', 'traducao', 'translator', 'translators'] },
  illustrators: { label: 'Ilustração', headers: ['ilustrador', 'ilustradora', 'ilustradores', 'ilustracao', 'ilustracoes', 'illustrator', 'illustrators'] },
  adapters: { label: 'Adaptação', headers: ['adaptador', 'adaptadora', 'adaptadores', 'adaptacao', 'adapter'] },
  publisher: { label: 'Editora', headers: ['editora', 'publisher', 'casaeditorial'] },
  /** The imprint the book carries (Companhia de Bolso, of Companhia das Letras): the edition's publisher when given. */
  imprint: { label: 'Selo', headers: ['selo', 'seloeditorial', 'imprint'] },
  isbn: { label: 'ISBN', headers: ['isbn', 'ean', 'codigodebarras', 'isbnean', 'eanisbn'] },
  isbn13: { label: 'ISBN-13', headers: ['isbn13'] },
  isbn10: { label: 'ISBN-10', headers: ['isbn10'] },
  asin: { label: 'ASIN', headers: ['asin'] },
  pages: { label: 'Páginas', headers: ['paginas', 'pagina', 'pags', 'pag', 'numerodepaginas', 'npaginas', 'pages', 'numberofpages', 'numpages'] },
  publicationDate: {
    label: 'Data de publicação',
    headers: [
      'datadepublicacao',
      'anodepublicacao',
      'anodaedicao',
      'anoedicao',
      'lancamento',
      'datadelancamento',
      'data',
      'ano',
      'publicacao',
      'publicationdate',
      'publicationyear',
      'yearpublished',
      'year',
      'date',
    ],
  },
  format: { label: 'Formato', headers: ['formato', 'format', 'encadernacao', 'acabamento', 'binding'] },
  language: { label: 'Idioma', headers: ['idioma', 'lingua', 'language'] },
  genres: { label: 'Gêneros', headers: ['generos', 'genero', 'genres', 'genre', 'categoria', 'assunto'] },
  synopsis: { label: 'Sinopse', headers: ['sinopse', 'descricao', 'resumo', 'synopsis', 'description'] },
  collection: { label: 'Coleção', headers: ['colecao', 'serie', 'series', 'collection'] },
  position: { label: 'Posição na coleção', headers: ['posicao', 'volume', 'vol', 'numeronaserie', 'position', 'seriesnumber'] },
  originalTitle: { label: 'Título original', headers: ['titulooriginal', 'originaltitle'] },
  originalLanguage: { label: 'Idioma original', headers: ['idiomaoriginal', 'linguaoriginal', 'originallanguage'] },
  firstPublishedYear: {
    label: 'Ano da primeira publicação',
    headers: ['anodaprimeirapublicacao', 'primeirapublicacao', 'anooriginal', 'originalpublicationyear', 'firstpublished'],
  },
} as const satisfies Record<string, { label: string; headers: readonly string[] }>;

export type ImportColumn = keyof typeof IMPORT_COLUMNS;

/** A header as it is compared: "AUTOR(ES)" → "autores", "ISBN-13" → "isbn13", "Nº de páginas" → "ndepaginas". */
export const headerKey = (header: string) => foldForMatch(header).replace(/[^a-z0-9]/g, '');

const COLUMN_BY_HEADER = new Map<string, ImportColumn>(
  Object.entries(IMPORT_COLUMNS).flatMap(([column, { headers }]) => headers.map((name) => [name, column as ImportColumn] as const)),
);

/** The field a header names, or null for a column the import does not read. */
export function columnOf(header: string): ImportColumn | null {
  const key = headerKey(header);
  return COLUMN_BY_HEADER.get(key) ?? COLUMN_BY_HEADER.get(key.replace(/^(n|no|num|numero)(?=de)/, 'numero')) ?? null;
}
