/** What an error and its causes say of themselves. */
export interface ErrorFacts {
  code?: unknown;
  message?: unknown;
}

/**
 * An error and its causes, outermost first: Drizzle wraps a failed query in its own error with the
 * driver's (node-postgres or PGlite) as the cause. The one walker of that chain.
 */
export function* errorChain(err: unknown): Generator<ErrorFacts> {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    yield e;
  }
}

/** Whether a failed statement carries one of these SQLSTATEs, whichever driver or wrapper raised it. */
function hasSqlState(err: unknown, ...states: string[]): boolean {
  for (const e of errorChain(err)) if (typeof e.code === 'string' && states.includes(e.code)) return true;
  return false;
}

/** unique_violation: another row already holds the value. */
export const isUniqueViolation = (err: unknown): boolean => hasSqlState(err, '23505');

/**
 * deadlock_detected or serialization_failure: the statement lost a race for rows and was rolled
 * back whole, so running it again (or the caller's other path) is safe.
 */
export const isLockConflict = (err: unknown): boolean => hasSqlState(err, '40P01', '40001');
