import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml, sanitizeHtml } from './SafeHtml.tsx';

describe('SafeHtml', () => {
  it('keeps formatting, span classes and image src/alt', () => {
    const html =
      '<p>The <u>quick</u> <span class="opt-a">fox</span><sup>2</sup></p><table><tbody><tr><td>x</td></tr></tbody></table><img src="/api/files/a.png" alt="Peta">';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps table cell spans, as the server does when an admin saves them', () => {
    const html = '<table><tbody><tr><th colspan="2">Kota</th></tr><tr><td rowspan="2">A</td><td>B</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html);
    expect(sanitizeHtml('<p colspan="2">x</p>')).toBe('<p>x</p>');
  });

  it('drops scripts, handlers, styles, links and attributes outside the allow-list', () => {
    const dirty =
      '<p style="color:red" onclick="alert(1)">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)" class="c"><iframe src="//x"></iframe><p class="k">k</p>';
    expect(sanitizeHtml(dirty)).toBe('<p>Hi</p>x<img src="x"><p>k</p>');
  });

  it('renders the clean HTML inside the chosen element', () => {
    const { container } = render(<SafeHtml component="section" html={'<b>Bold</b><img src="javascript:alert(1)">'} />);
    expect(container.innerHTML).toBe('<section><b>Bold</b><img></section>');
  });
});
