import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminSoal } from '../../../contract/soal.ts';
import { partNumberRange } from '../../../machines/exam-layout.ts';
import { demoSoal } from '../../api/mocks/admin-content.handlers.ts';
import { t } from '../../i18n/id.ts';
import { renderWithProviders } from '../../test-utils.tsx';
import { proposedNumber } from './admin-content.rules.ts';
import { RichTextField } from './components/RichTextField.tsx';
import { SoalListView } from './components/SoalListView.tsx';
import { markWord, readWrittenHtml, resizeLastPart, tokenize, writtenHtml } from './written-html.ts';

// ProseMirror measures the caret to scroll it into view; jsdom has no layout, so ranges report none.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects = noRects;
Range.prototype.getBoundingClientRect = () => new DOMRect();
document.elementFromPoint = () => null;

/** Questions of a section with the given numbers (only no_soal matters to the numbering). */
const numbered = (section: 'structure' | 'written', numbers: number[]): AdminSoal[] =>
  numbers.map((n, i) => ({ ...demoSoal[section][0]!, id: 1000 + i, no_soal: n }));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

// Mantine and tiptap render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('proposed number (first gap, never past the section end)', () => {
  it('takes the first free number of the section, a deleted question first', () => {
    expect(proposedNumber('structure', [])).toEqual({ no_soal: 1, page: 52 });
    expect(proposedNumber('structure', [1, 2, 4, 5])).toEqual({ no_soal: 3, page: 54 });
    expect(proposedNumber('written', [16, 17, 19])).toEqual({ no_soal: 18, page: 70 });
  });

  it('offers the last number and nothing beyond it', () => {
    const { first, last } = partNumberRange('written');
    expect(proposedNumber('written', range(first, last - 1))).toEqual({ no_soal: last, page: 92 });
    expect(proposedNumber('written', range(first, last))).toBeNull();
    // Numbers outside the section (bad rows) do not fill it.
    expect(proposedNumber('structure', [...range(2, 15), 16, 17])).toEqual({ no_soal: 1, page: 52 });
  });

  it("disables 'Tambah Soal' on a full section only", async () => {
    const props = {
      section: 'structure' as const,
      namaPaket: 'P',
      status: 'ready' as const,
      onAdd: vi.fn(),
      onDelete: vi.fn(),
      onBack: vi.fn(),
    };
    const { rerender } = renderWithProviders(<SoalListView {...props} soals={numbered('structure', range(1, 15))} />);
    expect(screen.getByRole('button', { name: t.admin.soal.add })).toBeDisabled();
    rerender(<SoalListView {...props} soals={numbered('structure', [...range(1, 6), ...range(8, 15)])} />);
    expect(screen.getByRole('button', { name: t.admin.soal.add })).toBeEnabled();
  });
});

describe('written-expression marker', () => {
  const sentence = 'The children plays in the garden, every day.';
  const mark = (words: number[]) => {
    const tokens = tokenize(sentence);
    return { tokens, parts: words.reduce((p, i) => markWord(p, tokens, i), [] as ReturnType<typeof markWord>) };
  };

  it('keeps the sentence spacing: no space before punctuation, one between words', () => {
    const { tokens, parts } = mark([1, 2, 4, 5]);
    expect(writtenHtml(tokens, parts)).toBe(
      'The <span class="we-part"><u>children</u><span class="we-letter">A</span></span> <span class="we-part"><u>plays</u><span class="we-letter">B</span></span> in <span class="we-part"><u>the</u><span class="we-letter">C</span></span> <span class="we-part"><u>garden</u><span class="we-letter">D</span></span>, every day.',
    );
    // Typed stray spaces before punctuation are dropped; other spacing is kept as typed.
    expect(writtenHtml(tokenize('  Is it   (really ) "done" ?'), [])).toBe('Is it (really) "done"?');
  });

  it('gives exactly four parts: a fifth click, punctuation and a second letter change nothing', () => {
    const { tokens, parts } = mark([1, 2, 4, 5]);
    expect(parts).toHaveLength(4);
    expect(markWord(parts, tokens, 8)).toEqual(parts);
    expect(markWord(parts, tokens, 6)).toEqual(parts); // the comma
    expect(markWord(parts, tokens, 1)).toEqual(parts); // A is not the latest
    expect(markWord(parts, tokens, 5)).toEqual(parts.slice(0, 3)); // D is, so it is taken back
  });

  it('grows the latest part word by word (carrying punctuation), never into another part or past the end', () => {
    const tokens = tokenize('It grows in summer, quickly.');
    let parts = resizeLastPart(markWord([], tokens, 2), tokens, 1);
    expect(writtenHtml(tokens, parts)).toBe(
      'It grows <span class="we-part"><u>in summer</u><span class="we-letter">A</span></span>, quickly.',
    );
    parts = resizeLastPart(parts, tokens, 1);
    expect(writtenHtml(tokens, parts)).toBe(
      'It grows <span class="we-part"><u>in summer, quickly</u><span class="we-letter">A</span></span>.',
    );
    expect(resizeLastPart(parts, tokens, 1)).toEqual(parts); // only the full stop is left
    expect(resizeLastPart(resizeLastPart(parts, tokens, -1), tokens, -1)).toEqual([{ start: 2, end: 2 }]);
    expect(resizeLastPart([{ start: 2, end: 2 }], tokens, -1)).toEqual([{ start: 2, end: 2 }]);
    // B marked left of A: growing B would reach A, so it stays.
    const crossed = markWord(markWord([], tokens, 3), tokens, 2);
    expect(resizeLastPart(crossed, tokens, 1)).toEqual(crossed);
  });

  it('reads stored markup back into the same sentence and parts (the edit screen)', () => {
    const { tokens, parts } = mark([1, 2, 4, 5]);
    const html = writtenHtml(tokens, parts);
    const read = readWrittenHtml(html)!;
    expect(read.sentence).toBe(sentence);
    expect(read.parts).toEqual(parts);
    expect(writtenHtml(tokenize(read.sentence), read.parts)).toBe(html);
    // The previous system's word boxes read back as a sentence too.
    const boxes = readWrittenHtml(
      '<p>The</p><p><u>cats</u><br>A</p><p><u>is</u><br>B</p><p><u>very</u><br>C</p><p><u>happy</u><br>D</p><p>.</p>',
    )!;
    expect(boxes.sentence).toBe('The cats is very happy.');
    expect(boxes.parts).toEqual([
      { start: 1, end: 1 },
      { start: 2, end: 2 },
      { start: 3, end: 3 },
      { start: 4, end: 4 },
    ]);
    expect(readWrittenHtml('The <u>only</u> three parts')).toBeNull();
  });
});

describe('rich-text field', () => {
  it("shows stored '&lt;' and '&amp;' as '<' and '&' and gives them back unchanged", async () => {
    const onChange = vi.fn();
    const stored = '<p>If a &lt; b &amp; b &lt; c, then a ____ c.</p>';
    const { user } = renderWithProviders(<RichTextField label="Soal" value={stored} onChange={onChange} />);
    const editor = await screen.findByRole('textbox', { name: 'Soal' });
    expect(editor).toHaveTextContent('If a < b & b < c, then a ____ c.');
    expect(editor.innerHTML).not.toContain('&amp;lt;');
    await user.click(editor);
    await user.keyboard('x');
    expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('a &lt; b &amp; b &lt; c'));
    await user.keyboard('{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith(stored);
  });

  it("stores a typed '<' and '&' as entities once, never twice", async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<RichTextField label="Soal" value="" onChange={onChange} />);
    const editor = await screen.findByRole('textbox', { name: 'Soal' });
    await user.click(editor);
    await user.keyboard('1 < 2 & 3');
    expect(onChange).toHaveBeenLastCalledWith('<p>1 &lt; 2 &amp; 3</p>');
    await act(async () => {});
  });
});
