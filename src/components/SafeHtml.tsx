import createDOMPurify from 'dompurify';
import { useMemo, type ComponentPropsWithoutRef, type ElementType } from 'react';

/** Formatting that question and passage HTML may use; everything else is dropped. */
const ALLOWED_TAGS = [
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
  'img',
];
/** Which attribute each tag may keep (class on span for the written-expression letters). */
const ALLOWED_ATTRS: Record<string, readonly string[]> = { span: ['class'], img: ['src', 'alt'] };

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
    ALLOWED_ATTR: ['class', 'src', 'alt'],
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
