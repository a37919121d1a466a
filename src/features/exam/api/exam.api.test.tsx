import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../app/store.ts';
import { authHandlers } from '../../../api/mocks/auth.handlers.ts';
import { authApi } from '../../../api/auth.api.ts';
import { askAccessEarly, EARLY_ACCESS_S, examApi } from './exam.api.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const timer = { sesi: 'listening', secondsRemaining: 600, endsAt: '2026-01-01T00:10:00.000Z', serverNow: '2026-01-01T00:00:00.000Z' };
const busy = () => HttpResponse.json({ message: 'Server sedang sibuk.' }, { status: 503, headers: { 'retry-after': '1' } });

/** Answers 503 with Retry-After: 1 to the first call, then `ok`; records when each call came. */
function shedOnce(method: 'get' | 'put', path: string, ok: Record<string, unknown>) {
  const calls: number[] = [];
  server.use(
    http[method](`*/api${path}`, () => {
      calls.push(Date.now());
      return calls.length === 1 ? busy() : HttpResponse.json(ok);
    }),
  );
  return calls;
}

const store = () => makeStore(undefined, { location: { pathname: vi.fn(() => '/paket/1/ujian'), assign: vi.fn() } });

describe('exam calls repeat after a 503 and honour Retry-After', () => {
  it.each([
    ['examTimer', '/soal/timers'],
    ['examTimerToZero', '/soal/timers-to-zero'],
  ] as const)('%s', { timeout: 10_000 }, async (endpoint, path) => {
    const calls = shedOnce('put', path, timer);
    const result = await store().dispatch(examApi.endpoints[endpoint].initiate(1)).unwrap();
    expect(result).toEqual(timer);
    expect(calls).toHaveLength(2);
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(990);
  });

  it('examTimerNext, naming the section it leaves in every repeat', { timeout: 10_000 }, async () => {
    const bodies: unknown[] = [];
    let calls = 0;
    server.use(
      http.put('*/api/soal/timers/next', async ({ request }) => {
        bodies.push(await request.json());
        calls += 1;
        return calls === 1 ? busy() : HttpResponse.json(timer);
      }),
    );
    const result = await store()
      .dispatch(examApi.endpoints.examTimerNext.initiate({ paketId: 1, sesi: 'listening' }))
      .unwrap();
    expect(result).toEqual(timer);
    expect(bodies).toEqual([
      { paketId: 1, sesi: 'listening' },
      { paketId: 1, sesi: 'listening' },
    ]);
  });

  it('loading the exam: questions, end time and draft', { timeout: 15_000 }, async () => {
    const soal = shedOnce('get', '/soal', { paket: { id: 1 }, soal: [] });
    const end = shedOnce('get', '/soal/cek-endtime', { hasEndTime: true, sesi: 'listening' });
    const draft = shedOnce('get', '/soal/jawaban/draft', { index: 0 });
    const s = store();
    await s.dispatch(examApi.endpoints.examSoal.initiate(undefined, { subscribe: false })).unwrap();
    await s.dispatch(examApi.endpoints.examEndtime.initiate(undefined, { subscribe: false })).unwrap();
    await s.dispatch(examApi.endpoints.examDraft.initiate(undefined, { subscribe: false })).unwrap();
    expect([soal.length, end.length, draft.length]).toEqual([2, 2, 2]);
  });

  it('a refusal about the request itself is not repeated', async () => {
    let calls = 0;
    server.use(
      http.put('*/api/soal/timers/next', () => {
        calls += 1;
        return HttpResponse.json({ message: 'Waktu bagian ini belum habis.' }, { status: 409 });
      }),
    );
    await expect(
      store()
        .dispatch(examApi.endpoints.examTimerNext.initiate({ paketId: 1, sesi: 'written' }))
        .unwrap(),
    ).rejects.toMatchObject({ status: 409 });
    expect(calls).toBe(1);
  });
});

describe('askAccessEarly (decision 026)', () => {
  const countAccessChecks = () => {
    const asked = vi.fn();
    server.use(
      http.get('*/api/users/cek-akses/:id', ({ params }) => {
        asked(params.id);
        return HttpResponse.json({ bolehAkses: true });
      }),
    );
    return asked;
  };

  it('asks for access once the identity probe has answered signed in, and the page reuses that answer', async () => {
    const asked = countAccessChecks();
    server.use(authHandlers.signedIn());
    const s = store();
    void s.dispatch(authApi.endpoints.getAuth.initiate(undefined, { subscribe: false }));
    await askAccessEarly(s, 7);
    await vi.waitFor(() => expect(asked).toHaveBeenCalledExactlyOnceWith('7'));
    await vi.waitFor(() => expect(examApi.endpoints.examAccessCheck.select(7)(s.getState()).data).toEqual({ bolehAkses: true }));
    // The page mounting now (within EARLY_ACCESS_S) takes that answer without asking again.
    const page = s.dispatch(examApi.endpoints.examAccessCheck.initiate(7, { subscriptionOptions: {}, forceRefetch: EARLY_ACCESS_S }));
    await page;
    page.unsubscribe();
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('asks nothing for a signed-out visitor (the guard sends them to sign in)', async () => {
    const asked = countAccessChecks();
    server.use(authHandlers.signedOut());
    const s = store();
    void s.dispatch(authApi.endpoints.getAuth.initiate(undefined, { subscribe: false }));
    await askAccessEarly(s, 7);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).not.toHaveBeenCalled();
  });
});
