import type { DOMPurify } from 'dompurify';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_CLASSES, RICH_TEXT_TAGS } from '../../contract/rich-text.ts';

/** The attribute names any allowed tag may keep; the hook below narrows them per tag and class. */
const ALLOWED_ATTR = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];
const ALLOWED_TAGS = [...RICH_TEXT_TAGS];

interface Purifier {
  purify: DOMPurify;
}

let loading: Promise<Purifier> | undefined;

/** jsdom takes about a second to import: loaded on the first sanitise, not at every server start. */
function purifier(): Promise<Purifier> {
  loading ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
    const { window } = new JSDOM('');
    const purify = createDOMPurify(window);
    purify.addHook('uponSanitizeAttribute', (node, data) => {
      if (!(RICH_TEXT_ATTRIBUTES[node.nodeName.toLowerCase()] ?? []).includes(data.attrName)) {
        data.keepAttr = false;
        return;
      }
      if (data.attrName === 'class') {
        const kept = data.attrValue.split(/\s+/).filter((c) => RICH_TEXT_CLASSES.includes(c));
        if (kept.length === 0) data.keepAttr = false;
        else data.attrValue = kept.join(' ');
      }
    });
    return { purify };
  })();
  return loading;
}

/** Sanitises admin HTML on write; the SPA sanitises again on render (SafeHtml). */
export async function sanitizeHtml(html: string): Promise<string> {
  const { purify } = await purifier();
  return purify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR });
}
