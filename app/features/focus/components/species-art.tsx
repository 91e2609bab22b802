import type { ReactNode } from 'react';
import type { Rarity, SpeciesSlug } from '../vocabulary';

const OUTLINE = '#2E3A46';

type Look = { body: string; belly: string; flipper: string; behind?: ReactNode; marks?: ReactNode; ears?: boolean; snout?: 'long' | 'trunk' };

/**
 * One drawing per species, made for the project in the style of the mascot (components/ui/foca.tsx): the same
 * round body and face, each species with its own coat and marks — the harp on the harp seal's back, the
 * leopard seal's spots, the sea lion's mane, the elephant seal's trunk.
 */
const LOOKS: Record<SpeciesSlug, Look> = {
  'foca-comum': {
    body: '#8A8F86',
    belly: '#D9D6C8',
    flipper: '#6F746B',
    marks: (
      <g fill="#4F554D">
        <circle cx="74" cy="122" r="4" />
        <circle cx="128" cy="116" r="5" />
        <circle cx="140" cy="140" r="3.5" />
        <circle cx="62" cy="146" r="3" />
        <circle cx="116" cy="52" r="3" />
      </g>
    ),
  },
  'lobo-marinho': { body: '#7A5A43', belly: '#B89474', flipper: '#5E4332', ears: true, snout: 'long' },
  'leao-marinho': {
    body: '#B98A4E',
    belly: '#E2C393',
    flipper: '#8E6838',
    ears: true,
    behind: (
      <path
        d="M100 24 L112 34 L128 30 L134 44 L148 50 L146 64 L156 76 L146 88 L150 102 L134 106 L126 118 L100 112 L74 118 L66 106 L50 102 L54 88 L44 76 L54 64 L52 50 L66 44 L72 30 L88 34 Z"
        fill="#8A5F2E"
        stroke={OUTLINE}
        strokeWidth={3}
      />
    ),
  },
  'foca-cinzenta': { body: '#7E8790', belly: '#C9CFD4', flipper: '#636B73', snout: 'long' },
  'foca-harpa': {
    body: '#D5DCE2',
    belly: '#F4F6F8',
    flipper: '#AEB8C1',
    marks: (
      <g>
        <path d="M58 120 Q72 104 92 118 Q100 124 108 118 Q128 104 142 120 L136 128 Q120 116 108 128 Q100 134 92 128 Q80 116 64 128 Z" fill="#3B4550" />
        <ellipse cx="100" cy="74" rx="26" ry="18" fill="#5A6570" />
      </g>
    ),
  },
  'foca-de-weddell': {
    body: '#4F5E70',
    belly: '#A9B6C4',
    flipper: '#3E4B5A',
    marks: (
      <g stroke="#A9B6C4" strokeWidth={3} strokeLinecap="round" fill="none">
        <path d="M66 118 Q72 112 78 118" />
        <path d="M120 112 Q126 106 132 112" />
        <path d="M136 136 Q142 130 148 136" />
      </g>
    ),
  },
  'foca-leopardo': {
    body: '#6E7A86',
    belly: '#C7CED5',
    flipper: '#56616C',
    marks: (
      <g fill="#2F3842">
        <ellipse cx="70" cy="120" rx="5" ry="3.5" />
        <ellipse cx="132" cy="118" rx="5" ry="3.5" />
        <ellipse cx="146" cy="138" rx="4" ry="3" />
        <ellipse cx="58" cy="140" rx="4" ry="3" />
        <ellipse cx="78" cy="48" rx="3.5" ry="2.5" />
        <ellipse cx="126" cy="50" rx="3.5" ry="2.5" />
      </g>
    ),
  },
  'foca-monge-do-havai': { body: '#8C8478', belly: '#D8D2C4', flipper: '#70695E' },
  'foca-monge-do-mediterraneo': {
    body: '#3F3A36',
    belly: '#E9E4DA',
    flipper: '#2E2A27',
    marks: <ellipse cx="100" cy="150" rx="22" ry="12" fill="#F6F3EC" />,
  },
  'elefante-marinho': { body: '#7B6A58', belly: '#B6A48E', flipper: '#5F503F', snout: 'trunk' },
};

export const RARITY_COLOURS: Record<Rarity, { shell: string; spots: string }> = {
  comum: { shell: '#EFE6D2', spots: '#B9A57C' },
  rara: { shell: '#CFE0F2', spots: '#4F7BA8' },
  lendaria: { shell: '#F5DFA0', spots: '#B84A2E' },
};

type ArtProps = { size?: number; title?: string; className?: string };

const a11y = (title?: string) => (title ? { role: 'img' as const } : { 'aria-hidden': true as const });

/** A species' drawing; `unknown` draws its silhouette only (the album's "not yet"). */
export function SpeciesArt({ species, unknown = false, size = 120, title, className }: ArtProps & { species: SpeciesSlug; unknown?: boolean }) {
  const look = LOOKS[species];
  const shade = (colour: string) => (unknown ? '#C5CBD2' : colour);
  return (
    <svg viewBox="0 0 200 200" width={size} height={size} className={className} data-species={species} {...a11y(title)}>
      {title ? <title>{title}</title> : null}
      <g stroke={OUTLINE} strokeWidth={3} strokeLinejoin="round" opacity={unknown ? 0.5 : 1}>
        <ellipse cx="100" cy="135" rx="62" ry="44" fill={shade(look.body)} />
        <ellipse cx="100" cy="145" rx="40" ry="28" fill={shade(look.belly)} />
        <path d="M50 150 L22 168 L58 164 Z" fill={shade(look.flipper)} />
        <path d="M150 150 L178 168 L142 164 Z" fill={shade(look.flipper)} />
        {look.ears ? (
          <g fill={shade(look.flipper)}>
            <ellipse cx="66" cy="56" rx="5" ry="8" />
            <ellipse cx="134" cy="56" rx="5" ry="8" />
          </g>
        ) : null}
        {unknown ? null : look.behind}
        <circle cx="100" cy="78" r="42" fill={shade(look.body)} />
      </g>
      {unknown ? null : (
        <>
          <g stroke="none">{look.marks}</g>
          <SpeciesFace look={look} />
        </>
      )}
    </svg>
  );
}

function SpeciesFace({ look }: { look: Look }) {
  return (
    <g>
      <ellipse
        cx="100"
        cy={look.snout === 'long' ? 94 : 92}
        rx={look.snout === 'long' ? 16 : 20}
        ry={look.snout === 'long' ? 18 : 14}
        fill={look.belly}
        stroke={OUTLINE}
        strokeWidth={3}
      />
      <circle cx="84" cy="72" r="7" fill={OUTLINE} />
      <circle cx="116" cy="72" r="7" fill={OUTLINE} />
      <circle cx="86" cy="69" r="2.5" fill="#fff" />
      <circle cx="118" cy="69" r="2.5" fill="#fff" />
      {look.snout === 'trunk' ? (
        <path d="M91 83 Q100 77 109 83 Q112 94 104 97 L96 97 Q88 94 91 83 Z" fill={look.flipper} stroke={OUTLINE} strokeWidth={3} strokeLinejoin="round" />
      ) : (
        <ellipse cx="100" cy="88" rx="6" ry="4" fill={OUTLINE} />
      )}
      <path d="M92 98 Q100 106 108 98" stroke={OUTLINE} strokeWidth={3} fill="none" strokeLinecap="round" />
      <path d="M80 90 L60 86 M80 94 L60 96 M120 90 L140 86 M120 94 L140 96" stroke={OUTLINE} strokeWidth={1.5} strokeLinecap="round" />
    </g>
  );
}

/** An egg, coloured by rarity. */
export function EggArt({ rarity, size = 72, title, className }: ArtProps & { rarity: Rarity }) {
  const colours = RARITY_COLOURS[rarity];
  return (
    <svg viewBox="0 0 100 120" width={size} height={(size * 120) / 100} className={className} {...a11y(title)}>
      {title ? <title>{title}</title> : null}
      <path d="M50 8 C78 8 92 52 92 76 C92 100 74 114 50 114 C26 114 8 100 8 76 C8 52 22 8 50 8 Z" fill={colours.shell} stroke={OUTLINE} strokeWidth={3} />
      <g fill={colours.spots}>
        <circle cx="36" cy="48" r="6" />
        <circle cx="62" cy="36" r="4" />
        <circle cx="66" cy="72" r="7" />
        <circle cx="34" cy="86" r="5" />
      </g>
    </svg>
  );
}
