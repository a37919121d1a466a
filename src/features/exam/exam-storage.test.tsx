import { describe, expect, it } from 'vitest';
import { draftKey, examStorage, playedKey } from './exam-storage.ts';

describe('exam browser records', () => {
  it('keeps draft and played audio per phone number and clears both', () => {
    localStorage.clear();
    const a = examStorage(localStorage, '6281200000001');
    const b = examStorage(localStorage, '6281200000002');
    a.writeDraft({ index: 3, answers: { 1: '2', 3: '4' }, savedAt: '2030-01-01T08:00:00.000Z' });
    a.played.save([1, 2]);
    a.mergePlayed([2, 31]);
    expect(a.readDraft()).toEqual({ index: 3, answers: { 1: '2', 3: '4' }, savedAt: '2030-01-01T08:00:00.000Z' });
    expect(a.played.load()).toEqual([1, 2, 31]);
    expect(b.readDraft()).toBeNull();
    expect(b.played.load()).toEqual([]);
    a.clear();
    expect(localStorage.getItem(draftKey('6281200000001'))).toBeNull();
    expect(localStorage.getItem(playedKey('6281200000001'))).toBeNull();
  });

  it('drops what is not an answer and survives a broken record', () => {
    localStorage.clear();
    localStorage.setItem(draftKey('1'), JSON.stringify({ index: 5, answers: { 5: '9', 0: '1', 6: '3' }, savedAt: 'x' }));
    expect(examStorage(localStorage, '1').readDraft()?.answers).toEqual({ 6: '3' });
    localStorage.setItem(draftKey('1'), '{not json');
    expect(examStorage(localStorage, '1').readDraft()).toBeNull();
  });
});
