import { Link } from '~/components/link';

const WHAT = {
  att: 'Esta att foi ocultada',
  review: 'Esta resenha foi ocultada',
  att_comment: 'Este comentário foi ocultado',
  club_post: 'Este texto foi ocultado',
  club_post_comment: 'Este comentário foi ocultado',
  group_read_comment: 'Este comentário foi ocultado',
} as const;

/**
 * What the author of something the moderation took down sees with it (nobody else sees it at all): why it
 * vanished for the others, so they can fix or delete it.
 */
export function HiddenNotice({ kind }: { kind: keyof typeof WHAT }) {
  return (
    <p className="rounded-lg border border-danger p-3 text-sm font-medium text-danger">
      {WHAT[kind]} pela moderação depois de uma denúncia: só você vê. As regras estão nos <Link to="/termos">termos</Link>.
    </p>
  );
}
