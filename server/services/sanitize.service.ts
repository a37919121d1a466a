import type { DOMPurify } from 'dompurify';

/**
 * Only the formatting the exam needs (DESIGN section 6, admin content rules): text styles, lists,
 * tables, and the written-expression markup (<span class="we-part"><u>..</u><span class="we-letter">A</span></span>).
 */
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
];
const ALLOWED_CLASSES = new Set(['we-part', 'we-letter']);

interface Purifier {
  purify: DOMPurify;
  document: Document;
}

let loading: Promise<Purifier> | undefined;

/** jsdom takes about a second to import: loaded on the first sanitise, not at every server start. */
function purifier(): Promise<Purifier> {
  loading ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
    const { window } = new JSDOM('');
    const purify = createDOMPurify(window);
    purify.addHook('uponSanitizeAttribute', (_node, data) => {
      if (data.attrName === 'class') {
        const kept = data.attrValue.split(/\s+/).filter((c) => ALLOWED_CLASSES.has(c));
        if (kept.length === 0) data.keepAttr = false;
        else data.attrValue = kept.join(' ');
      }
    });
    return { purify, document: window.document };
  })();
  return loading;
}

/** Sanitises admin HTML on write; the SPA sanitises again on render (SafeHtml). */
export async function sanitizeHtml(html: string): Promise<string> {
  const { purify } = await purifier();
  return purify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: ['class', 'colspan', 'rowspan'] });
}

/** The four underlined parts of a written-expression sentence, in letter order A-D, or null. */
export async function writtenParts(html: string): Promise<string[] | null> {
  const { purify, document } = await purifier();
  const div = document.createElement('div');
  div.innerHTML = purify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: ['class'] });
  const parts = Array.from(div.querySelectorAll('span.we-part')).map((el) => ({
    text: (el.querySelector('u')?.textContent ?? '').replace(/\s+/g, ' ').trim(),
    letter: (el.querySelector('.we-letter')?.textContent ?? '').trim(),
  }));
  if (parts.length !== 4) return null;
  const letters = parts.map((p) => p.letter).join('');
  if (letters !== 'ABCD' || parts.some((p) => !p.text)) return null;
  return parts.map((p) => p.text);
}
