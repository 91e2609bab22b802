import { useEffect, useRef, useState } from 'react';
import type { OverlayContent } from '../types';
import { OverlayCard } from './overlay-views';

const STAGE = { width: 1920, height: 1080 };

/**
 * The overlay on a 1920×1080 stage scaled to the column's width, over a checkerboard (what OBS shows as
 * transparent): the same card the OBS page renders, so the preview is what the stream gets.
 */
export function OverlayPreview({ content, label }: { content: OverlayContent; label: string }) {
  const frame = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.3);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => setScale(element.clientWidth / STAGE.width);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const empty = content.kind === 'capa' && !content.data.book;
  return (
    <figure className="flex flex-col gap-2">
      <div
        ref={frame}
        className="relative aspect-video w-full overflow-hidden rounded-lg border border-line"
        style={{ backgroundImage: 'repeating-conic-gradient(#d9d6cf 0% 25%, #f4f1ea 0% 50%)', backgroundSize: '24px 24px' }}
      >
        <div style={{ position: 'absolute', left: 0, top: 0, ...STAGE, transform: `scale(${scale})`, transformOrigin: '0 0' }}>
          <OverlayCard content={content} />
        </div>
      </div>
      <figcaption className="text-sm text-muted">
        {label}
        {empty ? ' — você não tem um livro em “Lendo”: o overlay fica vazio até você começar um.' : ''}
      </figcaption>
    </figure>
  );
}
