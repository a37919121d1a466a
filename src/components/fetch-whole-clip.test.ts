import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SILENCE_LIMIT_MS, SilentConnectionError } from '../lib/until-silent.ts';
import { fetchWholeClip } from './fetch-whole-clip.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

describe('fetchWholeClip', () => {
  it('answers the whole clip as an object URL', async () => {
    server.use(
      http.get('http://clips.test/a.mp3', () => new HttpResponse(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'audio/mpeg' } })),
    );
    const url = await fetchWholeClip('http://clips.test/a.mp3');
    expect(url).toMatch(/^blob:/);
    URL.revokeObjectURL(url);
  });

  it("gives up a clip the server stopped sending, so the player tries again instead of 'Loading audio...' for good", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    server.use(http.get('http://clips.test/b.mp3', () => delay('infinite')));
    const clip = fetchWholeClip('http://clips.test/b.mp3');
    const outcome = clip.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(SILENCE_LIMIT_MS);
    expect(await outcome).toBeInstanceOf(SilentConnectionError);
  });
});
