import type { CSSProperties, ReactNode } from 'react';
import { Foca } from '~/components/ui/foca';
import { wholePercent } from '~/components/ui/progress-bar';
import { hueOf } from '~/features/catalog/components/edition-cover';
import { formatCountdown } from '~/features/focus/components/focus-timer';
import { SpeciesArt } from '~/features/focus/components/species-art';
import { SPECIES } from '~/features/focus/species';
import type { OverlayLook } from '../settings';
import type { CapaOverlayData, FocaOverlayData, OverlayContent } from '../types';

/**
 * The two overlays as OBS shows them (decision 0092), in inline styles only: the same markup is rendered into the
 * OBS page (render.server.tsx, without the site's stylesheet) and into the signed-in previews. Sizes are in `em`
 * from the card's font size, so `size` scales everything.
 */
const FONT_SIZES = { sm: 18, md: 26, lg: 36 } as const;
const EDGE = 48;

const cornerOf = (position: OverlayLook['position']): CSSProperties => {
  const [vertical, horizontal] = position.split('-') as ['top' | 'bottom', 'left' | 'right'];
  return { [vertical]: EDGE, [horizontal]: EDGE };
};

function Card({ look, children, label }: { look: OverlayLook; children: ReactNode; label: string }) {
  return (
    <section
      aria-label={label}
      data-overlay-card=""
      style={{
        position: 'absolute',
        ...cornerOf(look.position),
        display: 'flex',
        alignItems: 'center',
        gap: '0.8em',
        maxWidth: '24em',
        padding: '0.7em 0.9em',
        borderRadius: '0.8em',
        background: look.cardColour,
        color: look.textColour,
        fontFamily: "'Inter Variable', Inter, system-ui, sans-serif",
        fontSize: FONT_SIZES[look.size],
        lineHeight: 1.25,
        boxShadow: '0 0.2em 0.8em rgba(0,0,0,0.35)',
        border: `0.12em solid ${look.accentColour}`,
      }}
    >
      {children}
    </section>
  );
}

/** A bar of `fraction`, with the figure in text beside it when asked (colour is never the only signal). */
function Bar({ look, fraction, percent, data }: { look: OverlayLook; fraction: number; percent: boolean; data?: Record<string, string> }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: '0.5em', marginTop: '0.4em' }}>
      {look.showProgressBar ? (
        <div style={{ flex: 1, minWidth: '6em', height: '0.45em', borderRadius: '0.25em', background: `${look.accentColour}33`, overflow: 'hidden' }}>
          <div {...data} style={{ width: wholePercent(fraction), height: '100%', background: look.accentColour }} />
        </div>
      ) : null}
      {percent ? <span style={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', fontSize: '0.85em' }}>{wholePercent(fraction)}</span> : null}
    </div>
  );
}

export function CapaOverlayCard({ look, data }: { look: OverlayLook; data: CapaOverlayData }) {
  const book = data.book;
  if (!book) return null;
  const cover: CSSProperties = { width: '4.2em', aspectRatio: '2 / 3', borderRadius: '0.25em', flexShrink: 0, objectFit: 'cover' };
  return (
    <Card look={look} label="Livro atual">
      {book.coverUrl ? (
        <img src={book.coverUrl} alt={`Capa de ${book.title}`} style={cover} />
      ) : (
        <div
          role="img"
          aria-label={`Capa de ${book.title}`}
          style={{ ...cover, background: `hsl(${hueOf(book.title)} 42% 28%)`, color: '#fff', padding: '0.3em', fontSize: '0.45em', overflow: 'hidden' }}
        >
          <span aria-hidden="true">{book.title}</span>
        </div>
      )}
      <div style={{ minWidth: 0, flex: 1 }}>
        <p style={{ margin: 0, fontSize: '0.7em', fontWeight: 600, color: look.accentColour, textTransform: 'uppercase', letterSpacing: '0.06em' }}>
          Lendo agora
        </p>
        <p data-overlay-title="" style={{ margin: 0, fontFamily: "'Literata Variable', Literata, Georgia, serif", fontWeight: 700, fontSize: '1.1em' }}>
          {book.title}
        </p>
        {book.authors.length ? <p style={{ margin: 0, fontSize: '0.8em', opacity: 0.85 }}>{book.authors.join(', ')}</p> : null}
        {book.fraction != null && (look.showProgressBar || look.showPercent) ? (
          <Bar look={look} fraction={book.fraction} percent={look.showPercent} data={{ 'data-overlay-progress': String(book.fraction) }} />
        ) : null}
      </div>
    </Card>
  );
}

export function FocaOverlayCard({ look, data }: { look: OverlayLook; data: FocaOverlayData }) {
  const { pet, session } = data;
  const artSize = FONT_SIZES[look.size] * 4.5;
  const name = pet ? (pet.name ?? SPECIES[pet.species].name) : 'Foca';
  const left = session ? (Date.parse(session.endsAt) - Date.parse(data.serverNow)) / 1000 : 0;
  const total = session ? session.plannedMinutes * 60 : 1;
  return (
    <Card look={look} label="Foca">
      {pet ? <SpeciesArt species={pet.species} size={artSize} /> : <Foca mood={session ? 'reading' : 'sleeping'} size={artSize} />}
      <div style={{ minWidth: '7em' }}>
        {look.showPetName ? <p style={{ margin: 0, fontWeight: 700 }}>{name}</p> : null}
        {session ? (
          <>
            <p style={{ margin: 0, fontSize: '0.7em', fontWeight: 600, color: look.accentColour, textTransform: 'uppercase', letterSpacing: '0.06em' }}>
              Sessão de foco
            </p>
            <p
              role="timer"
              data-ends-at={session.endsAt}
              data-server-now={data.serverNow}
              style={{ margin: 0, fontSize: '2em', fontWeight: 800, fontVariantNumeric: 'tabular-nums', lineHeight: 1.1 }}
            >
              {formatCountdown(left)}
            </p>
            {look.showProgressBar ? (
              <Bar look={look} fraction={1 - left / total} percent={false} data={{ 'data-elapsed-of': String(total), 'data-ends-at': session.endsAt }} />
            ) : null}
          </>
        ) : (
          <p style={{ margin: 0, fontSize: '0.85em', opacity: 0.85 }}>Descansando: nenhuma sessão de foco agora.</p>
        )}
      </div>
    </Card>
  );
}

/** The overlay's card alone, positioned in whatever frame holds it (the OBS page, or the preview's 1920×1080 stage). */
export function OverlayCard({ content }: { content: OverlayContent }) {
  return content.kind === 'capa' ? <CapaOverlayCard look={content.look} data={content.data} /> : <FocaOverlayCard look={content.look} data={content.data} />;
}
