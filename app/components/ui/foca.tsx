export type FocaMood = 'reading' | 'sleeping' | 'celebrating' | 'sad' | 'curious';

const OUTLINE = '#2E3A46';

/** The Maratona seal, drawn for the project: a few moods for empty states, errors, offline and the game. */
export function Foca({ mood = 'curious', size = 160, title, className }: { mood?: FocaMood; size?: number; title?: string; className?: string }) {
  const a11y = title ? { role: 'img' as const } : { 'aria-hidden': true as const };
  return (
    <svg viewBox="0 0 200 200" width={size} height={size} className={className} {...a11y}>
      {title ? <title>{title}</title> : null}
      <g transform={mood === 'curious' ? 'rotate(-6 100 110)' : undefined} stroke={OUTLINE} strokeWidth={3} strokeLinejoin="round">
        <ellipse cx="100" cy="135" rx="62" ry="44" fill="#7C8FA3" />
        <ellipse cx="100" cy="145" rx="40" ry="28" fill="#DCE3EA" />
        <path d={mood === 'celebrating' ? 'M48 120 L26 82 L50 104 Z' : 'M50 150 L22 168 L58 164 Z'} fill="#6B7E92" />
        <path d={mood === 'celebrating' ? 'M152 120 L174 82 L150 104 Z' : 'M150 150 L178 168 L142 164 Z'} fill="#6B7E92" />
        <circle cx="100" cy="78" r="42" fill="#7C8FA3" />
        <ellipse cx="100" cy="92" rx="20" ry="14" fill="#DCE3EA" />
      </g>
      <Face mood={mood} />
      {mood === 'reading' ? (
        <g stroke={OUTLINE} strokeWidth={3} strokeLinejoin="round">
          <path d="M62 150 L100 140 L138 150 L138 176 L100 166 L62 176 Z" fill="#B84A2E" />
          <path d="M100 140 L100 166" />
        </g>
      ) : null}
      {mood === 'sleeping' ? (
        <text x="142" y="44" fontSize="22" fontFamily="sans-serif" fontWeight="700" fill={OUTLINE}>
          z z
        </text>
      ) : null}
      {mood === 'celebrating' ? (
        <g>
          <circle cx="30" cy="40" r="5" fill="#B84A2E" />
          <circle cx="170" cy="36" r="5" fill="#E8B458" />
          <circle cx="52" cy="22" r="4" fill="#2C6E49" />
          <circle cx="150" cy="18" r="4" fill="#1D4E7A" />
        </g>
      ) : null}
      {mood === 'curious' ? (
        <text x="146" y="48" fontSize="28" fontFamily="sans-serif" fontWeight="700" fill="#B84A2E">
          ?
        </text>
      ) : null}
    </svg>
  );
}

function Face({ mood }: { mood: FocaMood }) {
  const eyes =
    mood === 'sleeping' ? (
      <g stroke={OUTLINE} strokeWidth={3} fill="none" strokeLinecap="round">
        <path d="M78 72 Q84 78 90 72" />
        <path d="M110 72 Q116 78 122 72" />
      </g>
    ) : (
      <g>
        <circle cx="84" cy="72" r="7" fill={OUTLINE} />
        <circle cx="116" cy="72" r="7" fill={OUTLINE} />
        <circle cx="86" cy="69" r="2.5" fill="#fff" />
        <circle cx="118" cy="69" r="2.5" fill="#fff" />
      </g>
    );
  const mouth = mood === 'sad' ? 'M92 100 Q100 94 108 100' : 'M92 96 Q100 104 108 96';
  return (
    <g>
      {eyes}
      <ellipse cx="100" cy="88" rx="6" ry="4" fill={OUTLINE} />
      <path d={mouth} stroke={OUTLINE} strokeWidth={3} fill="none" strokeLinecap="round" />
      <g stroke={OUTLINE} strokeWidth={1.5} strokeLinecap="round">
        <path d="M80 90 L60 86 M80 94 L60 96 M120 90 L140 86 M120 94 L140 96" />
      </g>
      {mood === 'sad' ? <path d="M120 80 Q124 88 120 92 Q116 88 120 80 Z" fill="#8DBDEB" stroke={OUTLINE} strokeWidth={1.5} /> : null}
    </g>
  );
}
