import { describe, expect, it } from 'vitest';
import { adoptNewer, changedAnswers, isNewerAnswer, mergeNewest, shownAnswers, type TimedAnswers } from './answer-sync.ts';

const at = (s: number) => new Date(Date.UTC(2031, 2, 1, 8, 0, s)).toISOString();

describe('isNewerAnswer', () => {
  it('lets the later instant win, a tie go to the incoming answer and an unreadable held instant lose', () => {
    expect(isNewerAnswer(at(10), at(5))).toBe(true);
    expect(isNewerAnswer(at(5), at(10))).toBe(false);
    expect(isNewerAnswer(at(5), at(5))).toBe(true);
    expect(isNewerAnswer(at(5), undefined)).toBe(true);
    expect(isNewerAnswer(at(5), '')).toBe(true);
    expect(isNewerAnswer('kemarin', at(5))).toBe(false);
  });
});

describe('mergeNewest', () => {
  it('keeps per page the answer given last, whatever order they arrive in', () => {
    const held: TimedAnswers = { '2': { answer: '4', at: at(19) } };
    const { merged, taken, older } = mergeNewest(held, [
      { id: 2, answer: '2', at: at(4) },
      { id: 5, answer: '1', at: at(29) },
    ]);
    expect(merged).toEqual({ '2': { answer: '4', at: at(19) }, '5': { answer: '1', at: at(29) } });
    expect(taken).toEqual([5]);
    expect(older).toEqual([2]);
  });

  it('does not report an older copy of the answer already kept', () => {
    const { older } = mergeNewest({ '2': { answer: '4', at: at(19) } }, [{ id: 2, answer: '4', at: at(1) }]);
    expect(older).toEqual([]);
  });

  it('lets a later clear replace an older pick', () => {
    const { merged } = mergeNewest({ '7': { answer: '1', at: at(40) } }, [{ id: 7, answer: '-1', at: at(55) }]);
    expect(merged['7']).toEqual({ answer: '-1', at: at(55) });
  });
});

describe('changedAnswers', () => {
  it('sends only pages whose answer or instant the server has not acknowledged', () => {
    const current: TimedAnswers = {
      '1': { answer: '2', at: at(1) },
      '2': { answer: '3', at: at(8) },
      '3': { answer: '-1', at: at(9) },
    };
    const acknowledged: TimedAnswers = { '1': { answer: '2', at: at(1) }, '2': { answer: '1', at: at(2) } };
    expect(changedAnswers(current, acknowledged)).toEqual([
      { id: 2, answer: '3', at: at(8) },
      { id: 3, answer: '-1', at: at(9) },
    ]);
    expect(changedAnswers(acknowledged, acknowledged)).toEqual([]);
  });
});

describe('adoptNewer', () => {
  it('takes a newer answer from another device and names the pages that changed on screen', () => {
    const local: TimedAnswers = { '2': { answer: '2', at: at(4) }, '5': { answer: '1', at: at(29) } };
    const server: TimedAnswers = { '2': { answer: '4', at: at(19) }, '5': { answer: '3', at: at(20) }, '9': { answer: '1', at: at(21) } };
    const { answers, changed } = adoptNewer(local, server);
    expect(answers).toEqual({ '2': { answer: '4', at: at(19) }, '5': { answer: '1', at: at(29) }, '9': { answer: '1', at: at(21) } });
    expect(changed).toEqual([2, 9]);
    expect(shownAnswers(answers)).toEqual({ 2: '4', 5: '1', 9: '1' });
  });

  it('says nothing about a clear of a page the screen never showed as answered', () => {
    expect(adoptNewer({}, { '3': { answer: '-1', at: at(1) } }).changed).toEqual([]);
  });
});
