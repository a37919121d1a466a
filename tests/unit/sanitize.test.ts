import { describe, expect, it } from 'vitest';
import { sanitizeHtml, writtenParts } from '../../server/services/sanitize.service.ts';

describe('sanitizeHtml (admin HTML on write)', () => {
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

  it('reads the four underlined parts in letter order', async () => {
    const part = (text: string, letter: string) => `<span class="we-part"><u>${text}</u><span class="we-letter">${letter}</span></span>`;
    expect(await writtenParts(`${part('a', 'A')} ${part('b', 'B')} ${part('c', 'C')} ${part('d', 'D')}`)).toEqual(['a', 'b', 'c', 'd']);
    expect(await writtenParts(`${part('a', 'A')} ${part('b', 'C')}`)).toBeNull();
  });
});
