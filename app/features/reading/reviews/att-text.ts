/** How long the att of a published review is: its opening, like a link preview. */
export const REVIEW_ATT_TEXT_MAX = 280;

/**
 * The text of "Publicar também como att": the review's opening as plain text. Inline spoilers (`||…||`)
 * would show in an att's plain text, so they become "[spoiler]"; Markdown marks are dropped.
 */
export function reviewAttText(body: string): string {
  const text = body
    .replace(/\|\|[\s\S]*?\|\|/g, '[spoiler]')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>)\s?/gm, '')
    .replace(/[*_`~]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > REVIEW_ATT_TEXT_MAX ? `${text.slice(0, REVIEW_ATT_TEXT_MAX - 1).trimEnd()}…` : text;
}
