import { SPECIES_SLUGS, type Rarity, type SpeciesSlug } from './vocabulary';

/**
 * The species catalogue (PRODUCT.md §J, decision 0082): real seals and sea lions, with their pt-BR names and a
 * couple of facts each. A hatching egg draws one of its rarity's species, each as likely. The art is
 * components/species-art.tsx, one drawing per slug (SPECIES_SLUGS, in vocabulary.ts: stored in focus_pets.species,
 * never rename one).
 */
export type Species = { slug: SpeciesSlug; name: string; scientificName: string; rarity: Rarity; facts: readonly [string, ...string[]] };

export const SPECIES: Record<SpeciesSlug, Species> = {
  'foca-comum': {
    slug: 'foca-comum',
    name: 'Foca-comum',
    scientificName: 'Phoca vitulina',
    rarity: 'comum',
    facts: ['Vive nas costas do Atlântico Norte e do Pacífico Norte.', 'Cada uma tem um desenho de pintas só seu.'],
  },
  'lobo-marinho': {
    slug: 'lobo-marinho',
    name: 'Lobo-marinho-sul-americano',
    scientificName: 'Arctocephalus australis',
    rarity: 'comum',
    facts: ['Aparece no litoral do Sul do Brasil, sobretudo no inverno.', 'Tem orelhinhas de fora e anda apoiado nas nadadeiras da frente.'],
  },
  'leao-marinho': {
    slug: 'leao-marinho',
    name: 'Leão-marinho-sul-americano',
    scientificName: 'Otaria flavescens',
    rarity: 'comum',
    facts: ['Os machos têm uma juba, como a de um leão.', 'Descansa na Ilha dos Lobos, em Torres (RS).'],
  },
  'foca-cinzenta': {
    slug: 'foca-cinzenta',
    name: 'Foca-cinzenta',
    scientificName: 'Halichoerus grypus',
    rarity: 'comum',
    facts: ['O nome científico quer dizer “porco-do-mar de nariz curvo”.', 'Vive no Atlântico Norte; boa parte delas, nas Ilhas Britânicas.'],
  },
  'foca-harpa': {
    slug: 'foca-harpa',
    name: 'Foca-harpa',
    scientificName: 'Pagophilus groenlandicus',
    rarity: 'rara',
    facts: ['Os filhotes nascem brancos e trocam a pelagem em poucas semanas.', 'Os adultos têm nas costas uma mancha escura em forma de harpa.'],
  },
  'foca-de-weddell': {
    slug: 'foca-de-weddell',
    name: 'Foca-de-weddell',
    scientificName: 'Leptonychotes weddellii',
    rarity: 'rara',
    facts: ['É o mamífero que vive mais ao sul do planeta, na Antártida.', 'Raspa o gelo com os dentes para abrir buracos de respiração.'],
  },
  'foca-leopardo': {
    slug: 'foca-leopardo',
    name: 'Foca-leopardo',
    scientificName: 'Hydrurga leptonyx',
    rarity: 'rara',
    facts: ['Tem pintas escuras como as de um leopardo e caça pinguins.', 'É a segunda maior foca da Antártida, depois do elefante-marinho.'],
  },
  'foca-monge-do-havai': {
    slug: 'foca-monge-do-havai',
    name: 'Foca-monge-do-havaí',
    scientificName: 'Neomonachus schauinslandi',
    rarity: 'lendaria',
    facts: ['Só existe no Havaí e está ameaçada de extinção.', 'É o mamífero oficial do estado do Havaí.'],
  },
  'foca-monge-do-mediterraneo': {
    slug: 'foca-monge-do-mediterraneo',
    name: 'Foca-monge-do-mediterrâneo',
    scientificName: 'Monachus monachus',
    rarity: 'lendaria',
    facts: ['É uma das focas mais raras do mundo.', 'Costuma ter os filhotes em cavernas à beira-mar.'],
  },
  'elefante-marinho': {
    slug: 'elefante-marinho',
    name: 'Elefante-marinho-do-sul',
    scientificName: 'Mirounga leonina',
    rarity: 'lendaria',
    facts: ['É a maior foca do mundo: um macho pode passar de 3 toneladas.', 'O nariz do macho incha como uma pequena tromba.'],
  },
};

/** The species of a rarity, in the catalogue's order. */
export const speciesOf = (rarity: Rarity): SpeciesSlug[] => SPECIES_SLUGS.filter((slug) => SPECIES[slug].rarity === rarity);

export const isSpeciesSlug = (value: string): value is SpeciesSlug => (SPECIES_SLUGS as readonly string[]).includes(value);

/** A pet's shown name: its own, or its species'. */
export const petDisplayName = (pet: { name: string | null; species: SpeciesSlug }) => pet.name ?? SPECIES[pet.species].name;
