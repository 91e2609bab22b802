export type NewsPost = { id: string; slug: string; title: string; html: string; body: string; publishedAt: string };
