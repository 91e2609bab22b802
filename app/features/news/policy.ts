import type { Role } from '~/server/viewer.server';

export const canWriteNews = (viewer: { role: Role } | null) => viewer?.role === 'admin';
