import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from './server.ts';

const run = promisify(execFile);

export interface LighthouseScores {
  page: string;
  url: string;
  /** Where the page ended up (a page not built yet redirects to /). */
  finalUrl: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  /** Largest contentful paint and total blocking time in ms (simulated mobile). */
  lcpMs: number | null;
  tbtMs: number | null;
  /**
   * Scripts the page fetched during the run, as transferred (compressed, headers included): a check
   * on the bundle figures, which follow the build manifest and so would miss a module the page
   * imports at run time.
   */
  scripts: { files: number; kb: number } | null;
  error?: string;
}

interface Lhr {
  finalDisplayedUrl?: string;
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number }[] } } | undefined>;
}

/** The last 400 characters of a failed child process's stderr (execFile puts it on the error). */
function stderrTail(err: unknown): string {
  const stderr = (err as { stderr?: unknown }).stderr;
  const text = typeof stderr === 'string' ? stderr : Buffer.isBuffer(stderr) ? stderr.toString('utf8') : '';
  return text.trim().slice(-400);
}

function scriptsOf(lhr: Lhr): LighthouseScores['scripts'] {
  const items = lhr.audits['network-requests']?.details?.items;
  if (!items) return null;
  const scripts = items.filter((i) => i.resourceType === 'Script');
  const bytes = scripts.reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
  return { files: scripts.length, kb: Math.round(bytes / 102.4) / 10 };
}

const score = (lhr: Lhr, id: string) => {
  const s = lhr.categories[id]?.score;
  return s === null || s === undefined ? null : Math.round(s * 100);
};

/**
 * Lighthouse (mobile preset, simulated throttling) through its CLI on Debian's Chromium; a
 * signed-in page gets its session cookie through --extra-headers.
 */
export async function lighthouse(page: string, url: string, cookie?: string): Promise<LighthouseScores> {
  // One Chromium launch in a few fails on a loaded machine (the page target closes early); a
  // second try keeps such a hiccup out of the figures, and a second failure is reported as is.
  const first = await lighthouseOnce(page, url, cookie);
  return first.error ? lighthouseOnce(page, url, cookie) : first;
}

async function lighthouseOnce(page: string, url: string, cookie?: string): Promise<LighthouseScores> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'toefl-lh-'));
  const out = path.join(dir, 'report.json');
  const args = [
    path.join(projectRoot, 'node_modules', 'lighthouse', 'cli', 'index.js'),
    url,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    '--only-categories=performance,accessibility,best-practices',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  try {
    await run(process.execPath, args, {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      timeout: 180_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    const lhr = JSON.parse(await readFile(out, 'utf8')) as Lhr;
    const numeric = (id: string) => {
      const v = lhr.audits[id]?.numericValue;
      return v === undefined ? null : Math.round(v);
    };
    return {
      page,
      url,
      finalUrl: lhr.finalDisplayedUrl ?? url,
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      bestPractices: score(lhr, 'best-practices'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      scripts: scriptsOf(lhr),
    };
  } catch (err) {
    return {
      page,
      url,
      finalUrl: url,
      performance: null,
      accessibility: null,
      bestPractices: null,
      lcpMs: null,
      tbtMs: null,
      scripts: null,
      // The command line fills the message; what went wrong is at the end of stderr.
      error: `${(err as Error).message.split('\n')[0]!.slice(0, 120)} ... ${stderrTail(err)}`,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
