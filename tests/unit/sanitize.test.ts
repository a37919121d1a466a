import { beforeAll, describe, expect, it } from 'vitest';
import { sanitizeHtml, sanitizerThread } from '../../server/services/sanitize.service.ts';

describe('sanitizeHtml (admin HTML on write)', () => {
  // The first call imports jsdom (seconds on a busy machine); the checks below are about the output.
  beforeAll(() => sanitizeHtml(''), 30_000);

  it('keeps the shared formatting, table cell spans and the written-expression classes', async () => {
    const html =
      '<p><b>A</b> <span class="we-part"><u>went</u><span class="we-letter">A</span></span></p><table><tbody><tr><td colspan="2">x</td></tr></tbody></table>';
    expect(await sanitizeHtml(html)).toBe(html);
  });

  it('drops attributes on the wrong tag, other classes, handlers, scripts and images', async () => {
    const dirty =
      '<p colspan="2" class="we-part" onclick="alert(1)">Hi<script>alert(1)</script></p><span class="x we-letter">B</span><img src="x">';
    expect(await sanitizeHtml(dirty)).toBe('<p>Hi</p><span class="we-letter">B</span>');
  });

  it('runs jsdom on a thread of its own, which an idle server ends and the next write starts again', async () => {
    expect(await sanitizeHtml('<p>a</p>')).toBe('<p>a</p>');
    expect(sanitizerThread.running).toBe(true);
    sanitizerThread.stopIfIdle();
    expect(sanitizerThread.running).toBe(false);
    expect(await sanitizeHtml('<p onclick="x()">b</p>')).toBe('<p>b</p>');
  }, 30_000);
});
