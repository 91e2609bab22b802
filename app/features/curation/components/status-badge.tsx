import { STATUS_LABELS, type ChangeRequestStatus } from '../types';

const tones: Record<ChangeRequestStatus, string> = {
  pending: 'border-mar text-mar',
  approved: 'border-ok text-ok',
  rejected: 'border-danger text-danger',
  withdrawn: 'border-line text-muted',
};

export function StatusBadge({ status }: { status: ChangeRequestStatus }) {
  return <span className={`inline-flex rounded-full border px-2.5 py-0.5 text-xs font-semibold ${tones[status]}`}>{STATUS_LABELS[status]}</span>;
}
