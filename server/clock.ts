/**
 * The server's clock for rules that run over days (the practice schedule and the study plan's
 * weeks). One injectable owner, so tests move it instead of waiting; exam timers keep their own
 * `now` parameters.
 */
export interface Clock {
  now(): Date;
}

/** The system clock, shifted by `offsetMs` (0 in production; PRACTICE_CLOCK_OFFSET_HOURS in journeys). */
export const systemClock = (offsetMs = 0): Clock => ({ now: () => new Date(Date.now() + offsetMs) });

/** A clock that stands still until moved (tests). */
export class FakeClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  set(to: Date): void {
    this.current = new Date(to);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
