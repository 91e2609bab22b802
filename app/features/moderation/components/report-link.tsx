import { Link } from '~/components/link';
import { reportPath, type ReportableKind } from '../reasons';

/** "Denunciar" in lists (att cards, comments, reviews): a link to /denunciar, which shows the thing and the form. */
export function ReportLink({ kind, id, label }: { kind: ReportableKind; id: string; label: string }) {
  return (
    <Link to={reportPath(kind, id)} aria-label={label} rel="nofollow" className="inline-flex min-h-11 items-center text-sm text-muted">
      Denunciar
    </Link>
  );
}
