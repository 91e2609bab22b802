import { Form } from 'react-router';
import { Link } from '~/components/link';
import { Button } from '~/components/ui/button';
import { REMOVED_READER } from '~/features/accounts/removed-reader';
import { TextArea } from '~/components/ui/field';
import { ReaderLink } from '~/features/profiles/components/reader-link';
import { formatDateTime } from '~/lib/format';
import { MODERATION_ACTION_LABELS, REPORTABLE_KIND_LABELS, REPORT_DETAILS_MAX, REPORT_REASON_LABELS } from '../reasons';
import type { ReportGroup } from '../types';

/** One reported target in /gerenciar/denuncias: what it is, why it was reported, what was done, and the actions. */
export function ReportGroupCard({
  group,
  open,
  busy,
  noteError,
  showTarget = true,
}: {
  group: ReportGroup;
  open: boolean;
  busy: boolean;
  noteError: string | undefined;
  /** False on a page that shows the target itself (a whisper's context): the card's link would lead back to it. */
  showTarget?: boolean;
}) {
  const headingId = `alvo-${group.kind}-${group.targetId}`;
  const reasons = [...new Set(group.reports.map((r) => r.reason))];
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {REPORTABLE_KIND_LABELS[group.kind]} de <ReaderLink reader={group.author} className={group.author ? '' : 'font-normal text-muted'} />
          {group.author ? <span className="font-normal text-muted"> @{group.author.username}</span> : null}
        </h2>
        <span className="text-sm text-muted">
          {group.reports.length} {group.reports.length === 1 ? 'denúncia' : 'denúncias'}
        </span>
      </div>
      {!showTarget ? null : group.target ? (
        <p className="break-words">
          <Link to={group.target.link}>{group.target.excerpt || 'Abrir'}</Link>
          {group.target.hidden ? (
            <span className="ml-2 rounded bg-paper px-2 py-0.5 text-xs font-semibold">{group.kind === 'whisper' ? 'removida' : 'oculto'}</span>
          ) : null}
        </p>
      ) : (
        <p className="text-muted">O conteúdo não existe mais.</p>
      )}
      {group.author?.suspended ? <p className="text-sm font-semibold text-danger">Conta do autor suspensa.</p> : null}
      <p className="text-sm">
        <span className="font-medium">Motivos:</span> {reasons.map((r) => REPORT_REASON_LABELS[r]).join(', ')}
      </p>
      <ul className="flex flex-col gap-1 text-sm">
        {group.reports.map((r) => (
          <li key={r.id} className="break-words">
            <span className="text-muted">
              {r.reporter ? (
                <ReaderLink reader={r.reporter} className="text-muted">
                  @{r.reporter.username}
                </ReaderLink>
              ) : null}{' '}
              · {formatDateTime(r.createdAt)} · {REPORT_REASON_LABELS[r.reason]}
            </span>
            {r.details ? <span> — “{r.details}”</span> : null}
          </li>
        ))}
      </ul>
      {group.history.length ? (
        <div className="text-sm">
          <p className="font-medium">Histórico</p>
          <ul className="flex flex-col gap-1">
            {group.history.map((h, i) => (
              <li key={i} className="break-words">
                <span className="text-muted">
                  {formatDateTime(h.createdAt)} ·{' '}
                  {h.admin ? (
                    <ReaderLink reader={h.admin} className="text-muted">
                      @{h.admin.username}
                    </ReaderLink>
                  ) : (
                    REMOVED_READER
                  )}
                  :
                </span>{' '}
                {MODERATION_ACTION_LABELS[h.action]}
                {h.note ? ` — ${h.note}` : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form method="post" className="flex flex-col gap-2">
        <input type="hidden" name="report" value={group.reportId} />
        {open ? (
          <>
            <TextArea
              label="Nota (vai para o autor se você advertir)"
              name="note"
              maxLength={REPORT_DETAILS_MAX}
              error={noteError}
              rows={2}
              className="min-h-16"
            />
            <div className="flex flex-wrap gap-2">
              {group.hideable && group.target && !group.target.hidden ? (
                <Button type="submit" name="intent" value="hide" variant="danger" disabled={busy}>
                  {group.kind === 'whisper' ? 'Remover mensagem' : 'Ocultar conteúdo'}
                </Button>
              ) : null}
              {group.author ? (
                <Button type="submit" name="intent" value="warn" variant="secondary" disabled={busy}>
                  Advertir
                </Button>
              ) : null}
              {group.author && !group.author.suspended ? (
                <Button type="submit" name="intent" value="suspend" variant="danger" disabled={busy}>
                  Suspender conta
                </Button>
              ) : null}
              <Button type="submit" name="intent" value="dismiss" variant="quiet" disabled={busy}>
                Dispensar
              </Button>
            </div>
          </>
        ) : group.hideable && group.target?.hidden ? (
          <Button type="submit" name="intent" value="unhide" variant="secondary" disabled={busy} className="self-start">
            {group.kind === 'whisper' ? 'Reexibir mensagem' : 'Reexibir conteúdo'}
          </Button>
        ) : null}
      </Form>
    </li>
  );
}
