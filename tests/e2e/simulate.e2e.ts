import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReport, runSimulation } from '../../scripts/simulate.ts';
import { ADMIN, startServer, type RunningServer } from './harness.ts';

/**
 * Exam day in miniature: 300 participants through three short sections on the built server. It runs
 * alone, after the other journeys (package.json test:e2e): beside another journey's Chromium on two
 * cores it measured the neighbour more than the server. Arrivals spread over 20 s (the design's are
 * over 5 minutes): 600 password hashes in 8 s filled the hashing queue and the logins were shed.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ env: { LOGIN_MAX_PER_IP: '1000000' } });
});
afterAll(async () => server?.dispose());

describe('exam-day simulation', () => {
  it('300 participants autosave, move through the sections and submit: no error, no lost answer', { timeout: 180_000 }, async () => {
    const report = await runSimulation({
      users: 300,
      url: server.baseUrl,
      admin: ADMIN,
      sectionSeconds: 12,
      rampSeconds: 20,
      autosaveSeconds: [1.5, 3],
    });
    console.info(formatReport(report));
    expect(report.errorSamples).toEqual([]);
    expect(report.errors).toBe(0);
    expect(report.lostSamples).toEqual([]);
    expect(report.lostAnswers).toBe(0);
    expect(report.finished).toBe(300);
    expect(report.acknowledgedDrafts).toBeGreaterThan(300 * 6);
    // Every answer falls in one window of the report, and a run of a minute or more has several.
    expect(report.windows.reduce((sum, w) => sum + w.count, 0)).toBe(report.requests);
    expect(report.windows.length).toBeGreaterThan(1);
  });
});
