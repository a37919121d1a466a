/**
 * The formatting that question, option and passage HTML may carry: text styles, lists, tables and
 * the written-expression markup (<span class="we-part"><u>..</u><span class="we-letter">A</span></span>).
 * The server keeps only this when an admin saves HTML; the SPA's SafeHtml applies it again on
 * render, so stored and shown HTML follow one rule.
 */
export const RICH_TEXT_TAGS = [
  'b',
  'i',
  'u',
  'em',
  'strong',
  'p',
  'br',
  'sup',
  'sub',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'td',
  'th',
  'span',
] as const;

/** The attributes each tag may keep; every other attribute is dropped. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  span: ['class'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};

/** The classes the written-expression markup uses. */
export const RICH_TEXT_CLASSES: readonly string[] = ['we-part', 'we-letter'];
