/**
 * Brute-force brake for login (DESIGN section 4: per IP and per phone number, 429 + Retry-After).
 * Kept in process memory: a restart forgets it, and several instances each brake on their own,
 * which still bounds guessing to a few attempts a minute per instance.
 */
export interface LoginThrottleOptions {
  maxPerIp: number;
  ipWindowMs: number;
  maxFailuresPerNohp: number;
  nohpWindowMs: number;
  now?: () => number;
}

interface Window {
  count: number;
  resetAt: number;
}

export class LoginThrottle {
  private readonly ip = new Map<string, Window>();
  private readonly nohp = new Map<string, Window>();
  private readonly now: () => number;

  constructor(private readonly options: LoginThrottleOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Seconds to wait, or 0 when this attempt may go ahead. Counts the attempt against the IP. */
  check(ip: string, nohp: string | null): number {
    const t = this.now();
    const nohpWindow = nohp ? this.live(this.nohp, nohp, t) : undefined;
    if (nohpWindow && nohpWindow.count >= this.options.maxFailuresPerNohp) {
      return Math.ceil((nohpWindow.resetAt - t) / 1000);
    }
    const ipWindow = this.bump(this.ip, ip, t, this.options.ipWindowMs);
    if (ipWindow.count > this.options.maxPerIp) return Math.ceil((ipWindow.resetAt - t) / 1000);
    return 0;
  }

  recordFailure(nohp: string): void {
    this.bump(this.nohp, nohp, this.now(), this.options.nohpWindowMs);
  }

  recordSuccess(nohp: string): void {
    this.nohp.delete(nohp);
  }

  private live(map: Map<string, Window>, key: string, t: number): Window | undefined {
    const w = map.get(key);
    if (w && w.resetAt <= t) {
      map.delete(key);
      return undefined;
    }
    return w;
  }

  private bump(map: Map<string, Window>, key: string, t: number, windowMs: number): Window {
    let w = this.live(map, key, t);
    if (!w) {
      // Bounded memory under a spray of addresses: drop expired windows before growing.
      if (map.size > 50_000) for (const [k, v] of map) if (v.resetAt <= t) map.delete(k);
      w = { count: 0, resetAt: t + windowMs };
      map.set(key, w);
    }
    w.count += 1;
    return w;
  }
}
