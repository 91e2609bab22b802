import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AttBody } from '~/features/atts/components/att-card';
import type { AttCard } from '~/features/atts/types';
import { ReaderAvatarLink, ReaderLink } from './reader-link';

const lia = { username: 'lia_leitora', name: 'Lia Leitora', image: null };

describe('a reader wherever they appear', () => {
  it('links the name to the profile, with the avatar inside the same link when asked', () => {
    expect(renderToString(<ReaderLink reader={lia} />)).toMatch(/<a[^>]*href="\/u\/lia_leitora"[^>]*>Lia Leitora<\/a>/);
    const withAvatar = renderToString(<ReaderLink reader={lia} avatarSize={40} />);
    expect(withAvatar.match(/<a /g)).toHaveLength(1);
    expect(withAvatar).toMatch(/^<a[^>]*href="\/u\/lia_leitora".*<span aria-hidden="true".*Lia Leitora.*<\/a>$/);
  });

  it('keeps a separate avatar link out of the keyboard and screen readers, so the name is announced once', () => {
    expect(renderToString(<ReaderAvatarLink reader={lia} size={40} />)).toMatch(/^<a tabindex="-1" aria-hidden="true"[^>]*href="\/u\/lia_leitora"/);
  });

  it('leads nowhere for a deleted account or a suspended reader', () => {
    const removed = renderToString(<ReaderLink reader={null} />);
    expect(removed).toContain('leitor removido');
    expect(removed).not.toContain('<a');
    expect(renderToString(<ReaderLink reader={{ ...lia, suspended: true }} />)).not.toContain('<a');
    expect(renderToString(<ReaderAvatarLink reader={{ ...lia, suspended: true }} size={40} />)).not.toContain('<a');
  });

  it("puts an att author's name in the card's heading as a link to the profile", () => {
    const att: AttCard = {
      id: 'att-1',
      kind: 'progress',
      text: 'Que livro!',
      spoiler: false,
      visibility: 'publico',
      hidden: false,
      mine: false,
      createdAt: '2026-03-01T12:00:00.000Z',
      author: { id: 'u-1', ...lia },
      edition: { id: 'ed-1', title: 'Vidas Secas', coverUrl: null, authors: [] },
      progress: null,
      images: [],
      reactions: [],
      commentCount: 0,
    };
    const html = renderToString(<AttBody att={att} showEdition={false} />);
    expect(html).toMatch(/<h2[^>]*><a[^>]*href="\/u\/lia_leitora"[^>]*>Lia Leitora<\/a>/);
  });
});
