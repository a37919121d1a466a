import createDOMPurify from 'dompurify';
import { useMemo, type ComponentPropsWithoutRef, type ElementType } from 'react';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from '../../contract/rich-text.ts';

/** The shared rule, plus images: passages may show a picture (the mini test's reading text). */
const ALLOWED_TAGS = [...RICH_TEXT_TAGS, 'img'];
/** Which attribute each tag may keep (class on span for the written-expression letters). */
const ALLOWED_ATTRS: Record<string, readonly string[]> = { ...RICH_TEXT_ATTRIBUTES, img: ['src', 'alt'] };
const ALLOWED_ATTR = [...new Set(Object.values(ALLOWED_ATTRS).flat())];

let purifier: ReturnType<typeof createDOMPurify> | undefined;

/** A private DOMPurify instance, so its per-tag attribute hook never affects anyone else's. */
function getPurifier() {
  if (purifier) return purifier;
  purifier = createDOMPurify(window);
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    const allowed = ALLOWED_ATTRS[node.nodeName.toLowerCase()] ?? [];
    if (!allowed.includes(data.attrName)) data.keepAttr = false;
  });
  return purifier;
}

/** Sanitises HTML from data with the SafeHtml rules; exported for tests and non-React uses. */
export function sanitizeHtml(html: string): string {
  return getPurifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
  });
}

export type SafeHtmlProps<E extends ElementType = 'div'> = {
  /** HTML from the API (question text, passage, written-expression fragment). */
  html: string;
  /** The wrapping element; a div by default. */
  component?: E;
} & Omit<ComponentPropsWithoutRef<E>, 'children' | 'dangerouslySetInnerHTML'>;

/**
 * The one way to render HTML that came from data (STYLE rule 8): everything passes DOMPurify
 * with a short allow-list, even though the server also sanitises admin HTML on write.
 */
export function SafeHtml<E extends ElementType = 'div'>({ html, component, ...rest }: SafeHtmlProps<E>) {
  const Component: ElementType = component ?? 'div';
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Component {...rest} dangerouslySetInnerHTML={{ __html: clean }} />;
}
