import type { PostKind } from '../vocabulary';

/** Where one post (`?post=`) or thread (`?conversa=`) opens on its list's page. */
export const postHref = (listPath: string, post: { kind: PostKind; id: string }) => `${listPath}?${post.kind === 'post' ? 'post' : 'conversa'}=${post.id}`;

/** A post's (on /posts) or thread's (on /comunidade) own address, from outside its list: notifications, the report queue. */
export const clubPostPath = (clubSlug: string, post: { kind: PostKind; id: string }) =>
  postHref(`/clube/${clubSlug}/${post.kind === 'post' ? 'posts' : 'comunidade'}`, post);
