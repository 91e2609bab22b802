import { Form } from 'react-router';
import { formatNumber } from '~/lib/format';
import { REACTION_EMOJI, REACTION_LABELS, REACTION_SLUGS } from '../policy';
import type { ReactionCount } from '../types';

/**
 * The reactions of an att or a club post. Each is a form of its own: a toggle that works before JavaScript, its
 * state in aria-pressed. Who may not react reads the counts given. `fields` names what is reacted to when the
 * form posts to a page that shows many (a club's posts).
 */
export function ReactionBar({
  reactions,
  mayReact,
  busy,
  action,
  fields = {},
}: {
  reactions: readonly ReactionCount[];
  mayReact: boolean;
  busy: boolean;
  action?: string;
  fields?: Record<string, string>;
}) {
  if (!mayReact) {
    const given = reactions.filter((r) => r.count > 0);
    return given.length ? (
      <p className="text-sm">
        {given.map((r) => (
          <span key={r.kind} className="mr-3">
            <span aria-hidden="true">{REACTION_EMOJI[r.kind]}</span> {REACTION_LABELS[r.kind]}: {formatNumber(r.count)}
          </span>
        ))}
      </p>
    ) : null;
  }
  return (
    <div role="group" aria-label="Reações" className="flex flex-wrap gap-2">
      {reactions.map((r) => (
        <Form method="post" action={action} key={r.kind}>
          <input type="hidden" name="intent" value="reagir" />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button
            type="submit"
            name="reaction"
            value={REACTION_SLUGS[r.kind]}
            aria-pressed={r.mine}
            aria-label={`${REACTION_LABELS[r.kind]} (${formatNumber(r.count)})`}
            disabled={busy}
            className={`inline-flex min-h-11 min-w-11 items-center gap-1 rounded-full border px-3 ${r.mine ? 'border-mar bg-paper font-semibold' : 'border-line bg-surface'}`}
          >
            <span aria-hidden="true">{REACTION_EMOJI[r.kind]}</span>
            <span aria-hidden="true" className="text-sm">
              {formatNumber(r.count)}
            </span>
          </button>
        </Form>
      ))}
    </div>
  );
}
