import { foldForMatch, isAllCaps, namesNobody, normalizeName, normalizeProperName } from '~/features/catalog/normalize';

/** The roles a curators' import credits (decision 0010: adapters on the work after its authors; the others on the edition). */
export type CreditRole = 'author' | 'adapter' | 'illustrator' | 'translator';
export type Credits = Record<CreditRole, string[]>;

/** "ADAPTAÇÃO: X", "Ilustrações de Y", "TRAD.: Z": the role written before the names. */
const ROLE_BEFORE =
  /^(adapta[çc][ãa]o|adaptad[oa] por|adapt\.|ilustra[çc](?:[ãa]o|[õo]es)|ilustrad[oa] por|ilustr\.|il\.|tradu[çc][ãa]o|traduzid[oa] por|trad\.)\s*(?::|-|–|de\s|por\s)?\s*/iu;
/** "X (ADAPT.)", "Y (ilustrações)": the role written after the name. */
const ROLE_AFTER =
  /\s*\((adapt\.?|adapta[çc][ãa]o|adaptador[a]?|ilustr\.?|il\.|ilustra[çc](?:[ãa]o|[õo]es)|ilustrador[a]?|trad\.?|tradu[çc][ãa]o|tradutor[a]?)\)\s*$/iu;

function roleOf(word: string): CreditRole {
  const folded = foldForMatch(word);
  if (folded.startsWith('adapt')) return 'adapter';
  if (folded.startsWith('il')) return 'illustrator';
  return 'translator';
}

/** A word of a person's name: letters, with an apostrophe, a hyphen or the period of an initial. */
const NAME_WORD = /^\p{L}[\p{L}'’.-]*$/u;
const PARTICLES = new Set(['de', 'da', 'do', 'das', 'dos', 'del', 'di', 'du']);

/**
 * "MARY E ELIARDO FRANÇA" → "MARY FRANÇA", "ELIARDO FRANÇA". Only in a cell in capitals, where " E " cannot
 * be told from a name by its case, and only when both sides are words of names and the right one has a
 * surname; a lone first name on the left takes that surname (and its particles: "ANA E PEDRO DE SOUZA").
 */
function splitCouple(text: string): string[] {
  const sides = text.split(/\s+E\s+/);
  if (sides.length !== 2) return [text];
  const [left, right] = sides.map((side) => side!.split(' ')) as [string[], string[]];
  if (![...left, ...right].every((word) => NAME_WORD.test(word)) || right.length < 2) return [text];
  if (left.length > 1) return [left.join(' '), right.join(' ')];
  let start = right.length - 1;
  while (start > 1 && PARTICLES.has(right[start - 1]!.toLocaleLowerCase('pt-BR'))) start -= 1;
  return [[left[0], ...right.slice(start)].join(' '), right.join(' ')];
}

/** "Assis, Machado de" → "Machado de Assis" (only inside a `;` list, where the comma is unambiguous). */
function uninvert(name: string): string {
  const match = /^([^,]+),\s*([^,]+)$/.exec(name);
  return match ? `${match[2]} ${match[1]}` : name;
}

/**
 * A credits cell of a publisher's catalogue, each person with their role: "MONTEIRO LOBATO; ADAPTAÇÃO: LUIZ
 * ANTONIO AGUIAR; ILUSTRAÇÕES: ROGÉRIO BORGES", "LUÍS DE CAMÕES / RUBEM BRAGA (ADAPT.)". Names are split on `;`
 * and `/` (or, without a `;`, on `,` and `&` too), re-cased when in capitals, each person once per role;
 * `role` is the role of a name that states none (the column's).
 */
export function readCredits(raw: string, role: CreditRole = 'author'): Credits {
  const credits: Credits = { author: [], adapter: [], illustrator: [], translator: [] };
  const text = normalizeName(raw);
  if (!text) return credits;
  const semicolons = text.includes(';');
  const parts = text.split(semicolons ? /\s*[;/]\s*/ : /\s*[,&/]\s*/);
  for (const part of parts) {
    let names = part;
    let partRole = role;
    const before = ROLE_BEFORE.exec(names);
    if (before) {
      partRole = roleOf(before[1]!);
      names = names.slice(before[0].length);
    }
    const after = ROLE_AFTER.exec(names);
    if (after) {
      partRole = roleOf(after[1]!);
      names = names.slice(0, after.index);
    }
    names = semicolons ? uninvert(names.trim()) : names.trim();
    for (const person of isAllCaps(names) ? splitCouple(names) : [names]) {
      const name = normalizeProperName(person);
      if (name && !namesNobody(name) && !credits[partRole].includes(name)) credits[partRole].push(name);
    }
  }
  return credits;
}
