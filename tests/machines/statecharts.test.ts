import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STATECHARTS_PATH, renderMachine, renderStatecharts } from '../../scripts/statecharts.ts';
import { examMachine } from '../../machines/exam.machine.ts';

describe('docs/statecharts.md', () => {
  it('matches the machine definitions', () => {
    const committed = readFileSync(STATECHARTS_PATH, 'utf8');
    expect(committed === renderStatecharts(), 'docs/statecharts.md is stale: run `npx tsx scripts/statecharts.ts`').toBe(true);
  });

  it('draws the section order and the play-once lock', () => {
    const exam = renderMachine(examMachine);
    expect(exam).toContain('exam_active_session_reading_running_confirming --> exam_finished : user.finish');
    expect(exam).toContain('exam_active_session_listening_ended_confirming --> exam_active_session_listening_advancing : user.continue');
    expect(renderStatecharts()).not.toMatch(/audioOnce_played --> audioOnce_playing/);
  });
});
