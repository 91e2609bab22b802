export const NEWS_TITLE_MAX = 120;
export const NEWS_BODY_MAX = 20_000;
