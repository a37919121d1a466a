import { describe, expect, it } from 'vitest';
import type { ReviewQuestion } from '../../../contract/results.ts';
import { reviewShown, reviewSkills } from './review-filter.ts';

const q = (page: number, skill: ReviewQuestion['skill'], correct: boolean): ReviewQuestion => ({
  page,
  section: 'structure',
  no_soal: page,
  soal: '',
  pilihan_satu: 'a',
  pilihan_dua: 'b',
  pilihan_tiga: 'c',
  pilihan_empat: 'd',
  answer: correct ? '1' : '2',
  jawaban: '1',
  correct,
  pembahasan: null,
  readingQuestion: null,
  skill,
  listening: null,
});

const questions = [q(1, 'st-verb-form', true), q(2, 'st-verb-form', false), q(3, 'st-inversion', false), q(4, 'st-connector', true)];

describe('review filter', () => {
  it('keeps only the chosen skill, combined with the wrong-only filter', () => {
    expect(reviewShown(questions, 'all', 'st-verb-form').map((x) => x.page)).toEqual([1, 2]);
    expect(reviewShown(questions, 'wrong', 'st-verb-form').map((x) => x.page)).toEqual([2]);
    expect(reviewShown(questions, 'wrong', null).map((x) => x.page)).toEqual([2, 3]);
    expect(reviewShown(questions, 'all', null)).toHaveLength(4);
  });

  it('shows nothing for a skill the attempt does not contain, or an unknown one', () => {
    expect(reviewShown(questions, 'all', 'rd-main-idea')).toEqual([]);
    expect(reviewShown(questions, 'all', 'no-such-skill')).toEqual([]);
  });

  it('offers the skills present in taxonomy order, and a chosen known skill even when absent', () => {
    expect(reviewSkills(questions, null).map((s) => s.id)).toEqual(['st-connector', 'st-inversion', 'st-verb-form']);
    expect(reviewSkills(questions, 'rd-main-idea').map((s) => s.id)).toContain('rd-main-idea');
    expect(reviewSkills(questions, 'no-such-skill')).toHaveLength(3);
  });
});
