import { describe, expect, it } from 'vitest';
import { markSentence, readWritten, writtenMarkup } from '../../contract/written-markup.ts';

const ours = (text: string, letter: string) => `<span class="we-part"><u>${text}</u><span class="we-letter">${letter}</span></span>`;
const CANONICAL = `The ${ours('children', 'A')} ${ours('plays', 'B')} in ${ours('the', 'C')} ${ours('garden', 'D')} every day.`;
const PARTS = ['children', 'plays', 'the', 'garden'];

describe('readWritten: every common shape becomes our markup', () => {
  it.each([
    ['ours', CANONICAL],
    ['sub', 'The <u>children</u><sub>A</sub> <u>plays</u><sub>B</sub> in <u>the</u><sub>C</sub> <u>garden</u><sub>D</sub> every day.'],
    [
      'sup with brackets',
      'The <u>children</u><sup>(A)</sup> <u>plays</u><sup>(B)</sup> in <u>the</u><sup>(C)</sup> <u>garden</u><sup>(D)</sup> every day.',
    ],
    [
      'span with a class',
      'The <u>children</u> <span class="x">A</span> <u>plays</u> <span>B</span> in <u>the</u><span>C</span> <u>garden</u><span>D</span> every day.',
    ],
    ['after a br', '<p>The <u>children</u><br>A <u>plays</u><br>B in <u>the</u><br>C <u>garden</u><br>D every day.</p>'],
    [
      'previous system word boxes',
      '<p>The</p><p><u>children</u><br>A</p><p><u>plays</u><br>B</p><p>in</p><p><u>the</u><br>C</p><p><u>garden</u><br>D</p><p>every</p><p>day</p><p>.</p>',
    ],
    ['template marks', 'The <u>children</u>[A] <u>plays</u>[B] in <u>the</u> [C] <u>garden</u>(D) every day.'],
    [
      'nested and entity-encoded',
      '<p>The&nbsp;<b><u>children</u></b><sub>a</sub>  <u>plays</u><sub>B</sub>\n in <u>the</u><sub>C</sub> <u>garden</u><sub>D</sub> every day.</p>',
    ],
  ])('%s', (_name, html) => {
    const got = readWritten(html);
    expect(got?.parts).toEqual(PARTS);
    expect(got?.html).toBe(CANONICAL);
  });

  it('is idempotent on its own output and escapes text', () => {
    const html = readWritten('AT&amp;T <u>a &lt; b</u><sub>A</sub> <u>b</u><sub>B</sub> <u>c</u><sub>C</sub> <u>d</u><sub>D</sub>.')!;
    expect(html.parts[0]).toBe('a < b');
    expect(html.html).toBe(`AT&amp;T ${ours('a &lt; b', 'A')} ${ours('b', 'B')} ${ours('c', 'C')} ${ours('d', 'D')}.`);
    expect(readWritten(html.html)?.html).toBe(html.html);
  });

  it.each([
    ['three parts', 'The <u>a</u><sub>A</sub> <u>b</u><sub>B</sub> <u>c</u><sub>C</sub> done.'],
    ['five parts', 'The <u>a</u><sub>A</sub> <u>b</u><sub>B</sub> <u>c</u><sub>C</sub> <u>d</u><sub>D</sub> <u>e</u><sub>D</sub>.'],
    ['a repeated letter', 'The <u>a</u><sub>A</sub> <u>b</u><sub>B</sub> <u>c</u><sub>B</sub> <u>d</u><sub>D</sub>.'],
    ['letters out of order', 'The <u>a</u><sub>B</sub> <u>b</u><sub>A</sub> <u>c</u><sub>C</sub> <u>d</u><sub>D</sub>.'],
    ['an empty part', 'The <u> </u><sub>A</sub> <u>b</u><sub>B</sub> <u>c</u><sub>C</sub> <u>d</u><sub>D</sub>.'],
    ['underlines without letters', 'The <u>a</u> <u>b</u> <u>c</u> <u>d</u>.'],
    ['a letter after no underline', 'The a<sub>A</sub> <u>b</u><sub>B</sub> <u>c</u><sub>C</sub> <u>d</u><sub>D</sub>.'],
  ])('refuses %s', (_name, html) => {
    expect(readWritten(html)).toBeNull();
  });

  it('keeps an unlettered underline as text and a lower-case word after a br as text', () => {
    const got = readWritten('<u>Not</u> <u>a</u><sub>A</sub> <u>b</u><sub>B</sub> <u>c</u><sub>C</sub> <u>d</u><br>D<br>a line.');
    expect(got?.html).toBe(`Not ${ours('a', 'A')} ${ours('b', 'B')} ${ours('c', 'C')} ${ours('d', 'D')} a line.`);
  });
});

describe('markSentence: a plain sentence and four marked ranges', () => {
  it('letters by position, trims blanks out of parts and produces our markup', () => {
    const sentence = 'The children plays in the garden every day.';
    const at = (word: string) => ({ start: sentence.indexOf(word) - 1, end: sentence.indexOf(word) + word.length + 1 });
    const segments = markSentence(sentence, [at('garden'), at('children'), at('plays'), { start: 22, end: 25 }]);
    expect(writtenMarkup(segments)).toBe(CANONICAL);
    expect(readWritten(writtenMarkup(segments))?.parts).toEqual(PARTS);
  });

  it('refuses overlapping or more than four ranges', () => {
    expect(() =>
      markSentence('abcdef', [
        { start: 0, end: 3 },
        { start: 2, end: 4 },
      ]),
    ).toThrow(RangeError);
    expect(() =>
      markSentence(
        'a b c d e',
        [0, 2, 4, 6, 8].map((s) => ({ start: s, end: s + 1 })),
      ),
    ).toThrow(RangeError);
  });
});
