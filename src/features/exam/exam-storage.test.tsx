import { describe, expect, it } from 'vitest';
import { draftKey, examStorage, playedKey } from './exam-storage.ts';

describe('exam browser records', () => {
  it('keeps draft and played audio per phone number and clears both', () => {
    localStorage.clear();
    const a = examStorage(localStorage, '6281200000001');
    const b = examStorage(localStorage, '6281200000002');
    const at = '2030-01-01T07:59:00.000Z';
    const answers = { 1: { answer: '2', at }, 3: { answer: '-1', at } } as const;
    a.writeDraft({ index: 3, answers, savedAt: '2030-01-01T08:00:00.000Z', marked: [3, 1] });
    a.played.save([1, 2]);
    a.mergePlayed([2, 31]);
    expect(a.readDraft()).toEqual({ index: 3, answers, savedAt: '2030-01-01T08:00:00.000Z', marked: [1, 3] });
    expect(a.played.load()).toEqual([1, 2, 31]);
    expect(b.readDraft()).toBeNull();
    expect(b.played.load()).toEqual([]);
    a.clear();
    expect(localStorage.getItem(draftKey('6281200000001'))).toBeNull();
    expect(localStorage.getItem(playedKey('6281200000001'))).toBeNull();
  });

  it('drops what is not an answer, dates an answer stored without its instant, and survives a broken record', () => {
    localStorage.clear();
    const savedAt = '2030-01-01T08:00:00.000Z';
    localStorage.setItem(
      draftKey('1'),
      JSON.stringify({ index: 5, answers: { 5: '9', 0: '1', 6: '3', 7: { answer: '2', at: 'x' } }, savedAt, marked: [0, 6, 'x'] }),
    );
    expect(examStorage(localStorage, '1').readDraft()).toMatchObject({ answers: { 6: { answer: '3', at: savedAt } }, marked: [6] });
    localStorage.setItem(draftKey('1'), '{not json');
    expect(examStorage(localStorage, '1').readDraft()).toBeNull();
  });
});
