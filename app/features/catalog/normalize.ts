import { slugify } from '~/lib/slug';
import { GENRES } from './genres';

/**
 * Cleaning of bibliographic text from the outside world (the seed catalogue, Goodreads and StoryGraph
 * exports, curators' bulk imports). Pure functions: every importer runs its rows through them.
 */

/** Trimmed, NFC-normalised (so "é" typed two ways is one letter), single spaces. */
export function normalizeName(raw: string): string {
  return raw.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** Collective credits that name nobody. */
const NOBODY = new Set([
  'varios',
  'varios autores',
  'diversos',
  'diversos autores',
  'autores diversos',
  'various',
  'various authors',
  'anonimo',
  'desconhecido',
  'unknown',
]);

/** Whether a credit names nobody ("Vários autores", "Desconhecido"). */
export const namesNobody = (name: string): boolean => NOBODY.has(foldForMatch(name));

/**
 * "Marx, Engels" / "Deleuze; Guattari" / "Moore & Gibbons" → one name each. A semicolon list wins over
 * commas so "Assis, Machado de; Alencar, José de" keeps its inverted names together.
 */
export function splitAuthors(raw: string): string[] {
  const text = normalizeName(raw);
  if (!text) return [];
  const parts = text.includes(';') ? text.split(';') : text.split(/,|&|\s+\/\s+/);
  const names = parts.map((part) => uninvertName(normalizeName(part))).filter((name) => name && !namesNobody(name));
  return [...new Set(names)];
}

/** "Assis, Machado de" → "Machado de Assis" (only inside a semicolon list, where the comma is unambiguous). */
function uninvertName(name: string): string {
  const match = /^([^,]+),\s*([^,]+)$/.exec(name);
  return match ? `${match[2]} ${match[1]}` : name;
}

/** Lowercase without accents: the form names are compared in. */
export function foldForMatch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const ARTICLES = ['o', 'a', 'os', 'as', 'um', 'uma', 'uns', 'umas', 'the', 'an', 'el', 'la', 'los', 'las', 'le', 'les', 'il', 'lo'];
const LOWER_WORDS = new Set([
  ...ARTICLES,
  'e',
  'de',
  'da',
  'do',
  'das',
  'dos',
  'em',
  'no',
  'na',
  'nos',
  'nas',
  'por',
  'pelo',
  'pela',
  'pelos',
  'pelas',
  'com',
  'sem',
  'para',
  'ao',
  'aos',
  'à',
  'às',
  'ou',
  'que',
  'se',
  'of',
  'and',
  'in',
  'on',
  'to',
  'for',
  'y',
  'del',
]);
const ROMAN = /^(?=[ivxlcdm]+$)m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$/i;

/** Text whose letters are all capitals (at least two of them): what a catalogue in ALL CAPS writes. */
export function isAllCaps(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  return letters.length >= 2 && letters === letters.toLocaleUpperCase('pt-BR') && letters !== letters.toLocaleLowerCase('pt-BR');
}

function capitalize(word: string): string {
  return word.charAt(0).toLocaleUpperCase('pt-BR') + word.slice(1);
}

/**
 * Library-catalogue titles come in capitals with the article moved to the end:
 * "SERTÃO VAI VIRAR MAR, O" → "O Sertão Vai Virar Mar". Titles already in mixed case keep their
 * capitalisation (a trailing article moves back to the front; an all-lowercase title gets a capital).
 */
export function normalizeTitle(raw: string): string {
  let title = normalizeName(raw);
  const trailing = /^(.*\S),\s*(\p{L}+)$/u.exec(title);
  if (trailing && ARTICLES.includes(trailing[2]!.toLocaleLowerCase('pt-BR'))) title = `${trailing[2]} ${trailing[1]}`;
  if (!isAllCaps(title)) return title === title.toLocaleLowerCase('pt-BR') ? capitalize(title) : title;
  let sentenceStart = true;
  return title
    .toLocaleLowerCase('pt-BR')
    .split(' ')
    .map((word) => {
      const bare = word.replace(/[^\p{L}]/gu, '');
      const start = sentenceStart;
      sentenceStart = /[:.!?—-]$/.test(word);
      if (bare && ROMAN.test(bare) && bare.length > 1) return word.toLocaleUpperCase('pt-BR');
      if (!start && LOWER_WORDS.has(bare)) return word;
      return word.replace(/\p{L}/u, (letter) => letter.toLocaleUpperCase('pt-BR'));
    })
    .join(' ');
}

/** The language an edition note names ("(Spanish Edition)", "(Edição em português)"), as editions store it. */
const NOTE_LANGUAGES: Record<string, string> = {
  portuguese: 'pt',
  portugues: 'pt',
  brazilian: 'pt',
  spanish: 'es',
  espanol: 'es',
  espanhol: 'es',
  english: 'en',
  ingles: 'en',
  french: 'fr',
  frances: 'fr',
  italian: 'it',
  italiano: 'it',
  german: 'de',
  alemao: 'de',
};
/** A bracketed edition note at the end of a title: "(Spanish Edition)", "[Kindle Edition]", "(Edição em português)". */
const EDITION_NOTE = /\s*[([]([^()[\]]*(?<!\p{L})(?:edition|edi[cç][aã]o|edici[oó]n)(?!\p{L})[^()[\]]*)[)\]]\s*$/iu;
/** A series at the end of a title, as Goodreads writes it: "(Crônicas de Duna, #1)", "(Tolkien, #0.5)", "(1Q84, #1-2)". */
const SERIES_SUFFIX = /^(.+?)\s*\(([^()]+?),?\s*#\s*([\d.,]+)(?:-[\d.,]+)?\)$/;

export type CleanTitle = {
  title: string;
  subtitle: string | null;
  series: { name: string; position: number | null } | null;
  /** The language an edition note named, when one did. */
  language: string | null;
};

/**
 * A title from a reader's export cleaned as the catalogue keeps titles: edition notes dropped ("(Spanish
 * Edition)", whose language is kept), the series suffix to the series ("Duna (Crônicas de Duna, #1)"), and the
 * subtitle apart ("Sapiens: Uma Breve História", "Sapiens :: A Brief History"). Runs after normalizeTitle.
 */
export function cleanSourceTitle(raw: string): CleanTitle {
  let title = normalizeName(raw);
  let language: string | null = null;
  let series: CleanTitle['series'] = null;
  for (let changed = true; changed;) {
    changed = false;
    const note = EDITION_NOTE.exec(title);
    if (note && note.index > 0) {
      const named = foldForMatch(note[1]!)
        .split(/[^a-z]+/)
        .find((word) => NOTE_LANGUAGES[word]);
      language ??= named ? NOTE_LANGUAGES[named]! : null;
      title = title.slice(0, note.index).trim();
      changed = true;
    }
    const suffix: RegExpExecArray | null = series ? null : SERIES_SUFFIX.exec(title);
    if (suffix) {
      const position: number = Number(suffix[3]!.replace(',', '.'));
      series = { name: suffix[2]!.trim(), position: Number.isFinite(position) ? position : null };
      title = suffix[1]!.trim();
      changed = true;
    }
  }
  const split = /^(.+?)\s*(?:::|:)\s+(.+)$/.exec(title);
  return { title: split ? split[1]!.trim() : title, subtitle: split ? split[2]!.trim() : null, series, language };
}

/** The particles of Portuguese names, lower case inside a name ("Carlos Drummond de Andrade"). */
const NAME_PARTICLES = new Set(['de', 'da', 'do', 'das', 'dos', 'e', 'del', 'di', 'du', 'van', 'von']);
const VOWEL = /[aeiouyáàâãéêíóôõúü]/iu;

/**
 * A person's or a publisher's name written in ALL CAPS, as publishers' catalogues do, re-cased the way titles
 * are: "MOACYR SCLIAR" → "Moacyr Scliar", "CARLOS DRUMMOND DE ANDRADE" → "Carlos Drummond de Andrade",
 * "D'ÁVILA" → "D'Ávila", "EDIÇÕES SESI-SP" → "Edições Sesi-SP". A word without vowels is an acronym and stays
 * as written ("L&PM", "FTD"), as do Roman numerals ("João Paulo II"). A name in mixed case is kept as typed.
 */
export function normalizeProperName(raw: string): string {
  const name = normalizeName(raw);
  if (!isAllCaps(name)) return name;
  return name
    .split(' ')
    .map((word, i) => {
      const lower = word.toLocaleLowerCase('pt-BR');
      if (i > 0 && NAME_PARTICLES.has(lower)) return lower;
      return word
        .split(/(?<=[-'’])/)
        .map((piece) => {
          const letters = piece.replace(/[^\p{L}]/gu, '');
          if (letters.length > 1 && (!VOWEL.test(letters) || /^[IVX]+$/.test(letters))) return piece;
          return piece.toLocaleLowerCase('pt-BR').replace(/\p{L}/u, (letter) => letter.toLocaleUpperCase('pt-BR'));
        })
        .join('');
    })
    .join(' ');
}

/**
 * Source genre names → the taxonomy. The language of the source matters: in Portuguese "Romance" is a
 * novel, in Goodreads' English shelves "romance" is a love story.
 */
const SOURCE_GENRES: Record<'pt' | 'en', Record<string, string>> = {
  pt: {
    quadrinhos: 'hq-e-graphic-novel',
    hq: 'hq-e-graphic-novel',
    'graphic novel': 'hq-e-graphic-novel',
    mangas: 'manga',
    'teoria da literatura/linguistica': 'teoria-literaria',
    linguistica: 'teoria-literaria',
    biografia: 'biografia-e-memorias',
    memorias: 'biografia-e-memorias',
    cozinha: 'culinaria',
    receitas: 'culinaria',
    'infanto-juvenil': 'infantojuvenil',
    sociologia: 'ciencias-sociais',
    antropologia: 'ciencias-sociais',
    'ficcao cientifica': 'ficcao-cientifica',
    ficcao: 'romance',
    suspense: 'suspense-e-misterio',
    misterio: 'suspense-e-misterio',
    'auto-ajuda': 'autoajuda',
    religiao: 'religiao-e-espiritualidade',
    espiritualidade: 'religiao-e-espiritualidade',
    arte: 'arte-e-fotografia',
    fotografia: 'arte-e-fotografia',
    ya: 'jovem-adulto',
    'romance de amor': 'romance-romantico',
    'literatura estrangeira': 'romance',
    classico: 'classicos',
    ensaio: 'nao-ficcao',
    ensaios: 'nao-ficcao',
  },
  en: {
    fiction: 'romance',
    'literary fiction': 'romance',
    novels: 'romance',
    romance: 'romance-romantico',
    fantasy: 'fantasia',
    'science fiction': 'ficcao-cientifica',
    'sci fi': 'ficcao-cientifica',
    scifi: 'ficcao-cientifica',
    dystopia: 'distopia',
    dystopian: 'distopia',
    horror: 'terror',
    mystery: 'suspense-e-misterio',
    suspense: 'suspense-e-misterio',
    crime: 'policial',
    thriller: 'thriller',
    thrillers: 'thriller',
    adventure: 'aventura',
    'historical fiction': 'ficcao-historica',
    classics: 'classicos',
    'short stories': 'contos',
    poetry: 'poesia',
    plays: 'teatro',
    drama: 'teatro',
    'young adult': 'jovem-adulto',
    ya: 'jovem-adulto',
    'middle grade': 'infantojuvenil',
    childrens: 'infantil',
    children: 'infantil',
    'picture books': 'infantil',
    'graphic novels': 'hq-e-graphic-novel',
    comics: 'hq-e-graphic-novel',
    manga: 'manga',
    nonfiction: 'nao-ficcao',
    'non fiction': 'nao-ficcao',
    biography: 'biografia-e-memorias',
    memoir: 'biografia-e-memorias',
    history: 'historia',
    philosophy: 'filosofia',
    'social science': 'ciencias-sociais',
    sociology: 'ciencias-sociais',
    politics: 'politica',
    economics: 'economia',
    science: 'ciencia',
    psychology: 'psicologia',
    religion: 'religiao-e-espiritualidade',
    spirituality: 'religiao-e-espiritualidade',
    'self help': 'autoajuda',
    business: 'negocios',
    cooking: 'culinaria',
    cookbooks: 'culinaria',
    travel: 'viagem',
    art: 'arte-e-fotografia',
    photography: 'arte-e-fotografia',
    education: 'educacao',
    'literary criticism': 'teoria-literaria',
    essays: 'nao-ficcao',
  },
};

const TAXONOMY_BY_FOLDED_NAME = new Map(GENRES.map((g) => [foldForMatch(g.name), g.slug]));

/** A source genre's taxonomy slug, or null when it has no honest match ("Outros"). */
export function mapGenre(source: string, language: 'pt' | 'en' = 'pt'): string | null {
  const key = foldForMatch(source).replace(/[-_]+/g, language === 'en' ? ' ' : '-');
  if (!key) return null;
  const table = SOURCE_GENRES[language];
  return table[key] ?? table[key.replace(/-/g, ' ')] ?? (language === 'pt' ? (TAXONOMY_BY_FOLDED_NAME.get(key) ?? null) : null);
}

/** A human slug for an author's page ("Conceição Evaristo" → "conceicao-evaristo"). */
export const authorSlug = (name: string) => slugify(name).slice(0, 60).replace(/-+$/, '');
