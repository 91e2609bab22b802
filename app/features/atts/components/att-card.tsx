import type { ReactNode } from 'react';
import { Link } from '~/components/link';
import { EditionCover } from '~/features/catalog/components/edition-cover';
import { HiddenNotice } from '~/features/moderation/components/hidden-notice';
import { ReportLink } from '~/features/moderation/components/report-link';
import { ReaderAvatarLink, ReaderLink } from '~/features/profiles/components/reader-link';
import { EMOTION_LABELS } from '~/features/reading/progress/progress';
import { VISIBILITY_LABELS } from '~/features/social/vocabulary';
import { formatDateTime, formatNumber } from '~/lib/format';
import { ATT_KIND_LABELS, REACTION_EMOJI, REACTION_LABELS } from '../policy';
import type { AttCard } from '../types';

/** "na página 55", "em 40%", "no minuto 90": where a progress att was posted from. */
function progressText(progress: NonNullable<AttCard['progress']>): string {
  const where =
    progress.unit === 'percent'
      ? `em ${progress.value}%`
      : progress.unit === 'page'
        ? `na página ${formatNumber(progress.value)}`
        : `no minuto ${formatNumber(progress.value)}`;
  return progress.emotion ? `${where} · ${EMOTION_LABELS[progress.emotion]}` : where;
}

function AttText({ att }: { att: AttCard }) {
  if (!att.text) return null;
  if (!att.spoiler) return <p className="max-w-prose whitespace-pre-line">{att.text}</p>;
  return (
    <details>
      <summary className="min-h-11 cursor-pointer py-2 text-sm text-muted">Att com spoiler — mostrar</summary>
      <p className="max-w-prose whitespace-pre-line">{att.text}</p>
    </details>
  );
}

/** The photos: each opens full size at /att/{id}/imagens/{n}, which only those who may see the att get. */
export function AttImages({ att, large = false }: { att: AttCard; large?: boolean }) {
  if (att.images.length === 0) return null;
  const photos = (
    <ul aria-label="Fotos" className={`grid gap-2 ${att.images.length === 1 ? 'grid-cols-1' : 'grid-cols-2'}`}>
      {att.images.map((image) => (
        <li key={image.position}>
          <a href={image.url} className="block overflow-hidden rounded-lg border border-line">
            <img
              src={image.url}
              alt={`Foto ${image.position} de ${att.images.length} da att de ${att.author.name}`}
              width={image.width}
              height={image.height}
              loading="lazy"
              decoding="async"
              className={`w-full object-cover ${large ? 'max-h-[32rem]' : att.images.length === 1 ? 'aspect-[4/3] max-h-80' : 'aspect-square max-h-60'}`}
            />
          </a>
        </li>
      ))}
    </ul>
  );
  if (!att.spoiler || large) return photos;
  return (
    <details>
      <summary className="min-h-11 cursor-pointer py-2 text-sm text-muted">Fotos com spoiler — mostrar</summary>
      {photos}
    </details>
  );
}

/** The att's head, text and photos; `footer` adds the feed's summary or the page's reactions. */
export function AttBody({
  att,
  headingLevel = 'h2',
  large = false,
  showEdition = true,
  footer,
}: {
  att: AttCard;
  headingLevel?: 'h1' | 'h2' | 'h3';
  large?: boolean;
  showEdition?: boolean;
  footer?: ReactNode;
}) {
  const Heading = headingLevel;
  return (
    <article className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <header className="flex items-start gap-3">
        <ReaderAvatarLink reader={att.author} size={40} />
        <div className="flex min-w-0 flex-1 flex-col">
          <Heading className={headingLevel === 'h1' ? 'text-xl font-semibold' : 'font-semibold'}>
            <ReaderLink reader={att.author} /> <span className="font-normal text-muted">{ATT_KIND_LABELS[att.kind]}</span>
          </Heading>
          <p className="text-sm text-muted">
            @{att.author.username} ·{' '}
            <Link to={`/att/${att.id}`} className="text-muted">
              <time dateTime={att.createdAt}>{formatDateTime(att.createdAt)}</time>
            </Link>
            {att.mine && att.visibility !== 'publico' ? ` · ${VISIBILITY_LABELS[att.visibility]}` : null}
          </p>
        </div>
      </header>
      {att.hidden ? <HiddenNotice kind="att" /> : null}
      {showEdition ? (
        <Link to={`/ed/${att.edition.id}`} className="flex items-center gap-3 rounded-lg bg-paper p-2 no-underline">
          <EditionCover edition={att.edition} size="sm" />
          <span className="flex flex-col">
            <span className="font-serif font-semibold text-ink">{att.edition.title}</span>
            {att.edition.authors[0] ? <span className="text-sm text-muted">{att.edition.authors[0].name}</span> : null}
            {att.progress ? <span className="text-sm text-ink">{progressText(att.progress)}</span> : null}
          </span>
        </Link>
      ) : att.progress ? (
        <p className="text-sm">{progressText(att.progress)}</p>
      ) : null}
      <AttText att={att} />
      <AttImages att={att} large={large} />
      {footer}
    </article>
  );
}

/** One att in a list: its body, the reactions given so far and a way to its page to react and comment. */
export function AttListItem({ att, showEdition, headingLevel }: { att: AttCard; showEdition: boolean; headingLevel?: 'h2' | 'h3' }) {
  const given = att.reactions.filter((r) => r.count > 0);
  return (
    <AttBody
      att={att}
      showEdition={showEdition}
      headingLevel={headingLevel}
      footer={
        <footer className="flex flex-wrap items-center gap-3 text-sm">
          {given.map((r) => (
            <span key={r.kind} className="rounded-full border border-line px-2 py-0.5">
              <span aria-hidden="true">{REACTION_EMOJI[r.kind]}</span>
              <span className="sr-only">{REACTION_LABELS[r.kind]}:</span> {formatNumber(r.count)}
            </span>
          ))}
          <Link to={`/att/${att.id}#comentarios`} className="inline-flex min-h-11 items-center">
            {att.commentCount === 0 ? 'Comentar' : att.commentCount === 1 ? '1 comentário' : `${formatNumber(att.commentCount)} comentários`}
          </Link>
          {att.mine ? null : (
            <span className="ml-auto">
              <ReportLink kind="att" id={att.id} label={`Denunciar att de ${att.author.name}`} />
            </span>
          )}
        </footer>
      }
    />
  );
}

/** A page of atts with "Carregar mais" (a plain link with the cursor: works without JavaScript), or `moreLabel` to elsewhere. */
export function AttList({
  items,
  moreHref,
  empty,
  label,
  showEdition = true,
  moreLabel = 'Carregar mais',
  headingLevel,
}: {
  items: AttCard[];
  moreHref: string | null;
  empty: ReactNode;
  label: string;
  showEdition?: boolean;
  moreLabel?: string;
  headingLevel?: 'h2' | 'h3';
}) {
  if (items.length === 0) return <>{empty}</>;
  return (
    <div className="flex flex-col gap-4">
      <ol aria-label={label} className="flex flex-col gap-4">
        {items.map((att) => (
          <li key={att.id}>
            <AttListItem att={att} showEdition={showEdition} headingLevel={headingLevel} />
          </li>
        ))}
      </ol>
      {moreHref ? (
        <Link to={moreHref} className="self-center rounded-lg border border-line bg-surface px-4 py-2.5 font-medium no-underline">
          {moreLabel}
        </Link>
      ) : null}
    </div>
  );
}
