import { Form } from 'react-router';
import { Link } from '~/components/link';
import { Button } from '~/components/ui/button';
import { FormMessage } from '~/components/ui/field';
import { ReportForm } from '~/features/moderation/components/report-form';
import { type FormResult, isFailure, isSuccess } from '~/lib/form-result';
import { COMMENT_TEXT_MAX } from '../policy';
import type { AttDetail } from '../types';
import { AttBody } from './att-card';
import { CommentSection } from './comment-section';
import { ReactionBar } from './reaction-bar';

/** /att/{id}: the att, its photos full width, reactions, comments, and for its author the delete button. */
export function AttView({ att, signedIn, result, busy }: { att: AttDetail; signedIn: boolean; result: FormResult | undefined; busy: boolean }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      {isFailure(result) && result.formError ? <FormMessage>{result.formError}</FormMessage> : null}
      {isSuccess(result) ? <FormMessage tone="success">{result.success}</FormMessage> : null}
      <AttBody att={att} headingLevel="h1" large footer={<ReactionBar reactions={att.reactions} mayReact={signedIn} busy={busy} />} />
      <CommentSection
        comments={att.comments}
        count={att.comments.length}
        reportKind="att_comment"
        signedIn={signedIn}
        mayComment={signedIn}
        maxLength={COMMENT_TEXT_MAX}
        outsider={
          <p>
            <Link to={`/auth/signin?callbackUrl=${encodeURIComponent(`/att/${att.id}`)}`}>Entre</Link> para reagir e comentar.
          </p>
        }
        result={result}
        busy={busy}
      />
      {signedIn && !att.mine ? <ReportForm kind="att" targetId={att.id} label="Denunciar att" /> : null}
      {att.mine ? (
        <details className="self-start">
          <summary className="min-h-11 cursor-pointer py-2 text-sm text-muted">Apagar esta att</summary>
          <Form method="post" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="apagar-att" />
            <p className="text-sm">A att, as fotos, as reações e os comentários somem para todo mundo.</p>
            <Button type="submit" variant="danger" disabled={busy} className="self-start">
              Apagar att
            </Button>
          </Form>
        </details>
      ) : null}
    </div>
  );
}
