/**
 * The thread that sanitises admin HTML (server/services/sanitize.service.ts). jsdom and DOMPurify
 * live here, not on the HTTP thread: together they hold about 70 MB, which an exam day then needs
 * only while an admin writes content.
 */
import { parentPort } from 'node:worker_threads';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_CLASSES, RICH_TEXT_TAGS } from '../../contract/rich-text.ts';
import { answerThreadCalls } from '../threads.ts';

/** The attribute names any allowed tag may keep; the hook below narrows them per tag and class. */
const ALLOWED_ATTR = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];
const ALLOWED_TAGS = [...RICH_TEXT_TAGS];

const purify = createDOMPurify(new JSDOM('').window);
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

answerThreadCalls(parentPort, (html: string): string => purify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR }));
