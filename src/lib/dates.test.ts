import { describe, expect, it } from 'vitest';
import { formatDateMinute, formatDateTime } from './dates.ts';

// The machine running the tests may be in any zone: the figures are Jakarta's whatever it is.
describe('dates an admin and a learner read', () => {
  it('are on the Jakarta clock', () => {
    expect(formatDateMinute('2026-11-27T07:57:00Z')).toMatch(/^27 Nov 2026,? 14[.:]57$/);
    expect(formatDateMinute('2026-11-27T20:30:00Z')).toMatch(/^28 Nov 2026,? 03[.:]30$/);
    expect(formatDateTime('2026-11-27T07:57:09Z')).toMatch(/^27 Nov 2026,? 14[.:]57[.:]09$/);
  });
});
