import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../app/store.ts';
import { authHandlers } from '../../../api/mocks/auth.handlers.ts';
import { authApi } from '../../../api/auth.api.ts';
import { SILENCE_LIMIT_MS } from '../../../lib/until-silent.ts';
import { askAccessEarly, EARLY_ANSWER_S, examApi } from './exam.api.ts';

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

/** A store on the exam page whose 401 redirects are recorded in `location.assign` instead of followed. */
const watchedStore = () => {
  const location = { pathname: vi.fn(() => '/simulasi-toefl/7'), assign: vi.fn() };
  return { s: makeStore(undefined, { location }), location };
};
const store = () => watchedStore().s;

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

describe('an exam call into a connection that died without a word', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });

  it('gives a draft save up after SILENCE_LIMIT_MS with no answer (the exam saves it again)', async () => {
    fakeClock();
    server.use(http.put('*/api/soal/jawaban/draft', () => delay('infinite')));
    const save = store().dispatch(examApi.endpoints.examSaveDraft.initiate({ index: 1, answers: { '1': '2' } }));
    let settled = false;
    void save.finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(SILENCE_LIMIT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(save.unwrap()).rejects.toMatchObject({ status: 'FETCH_ERROR' });
  });

  it('repeats a submission whose answer never came, on a fresh call', async () => {
    fakeClock();
    const score = { totalScore: 500 };
    let calls = 0;
    server.use(
      http.post('*/api/soal/jawaban', async () => {
        calls += 1;
        if (calls === 1) await delay('infinite');
        return HttpResponse.json(score);
      }),
    );
    const submit = store().dispatch(examApi.endpoints.examSubmit.initiate({ answers: [] }));
    await vi.advanceTimersByTimeAsync(SILENCE_LIMIT_MS + 2_000);
    await expect(submit.unwrap()).resolves.toEqual(score);
    expect(calls).toBe(2);
  });

  it('waits for questions that keep coming on a slow link, and gives them up when they stop', async () => {
    fakeClock();
    const piece = JSON.stringify({ paket: { id: 1 }, soal: [] }).match(/.{1,6}/g)!;
    let stopAt = Infinity;
    server.use(
      http.get('*/api/soal', () => {
        let sent = 0;
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            // One piece every half of the silence limit: slower in all than the limit.
            await delay(SILENCE_LIMIT_MS / 2);
            if (sent === stopAt) return delay('infinite');
            if (sent === piece.length) return controller.close();
            controller.enqueue(new TextEncoder().encode(piece[sent++]));
          },
        });
        return new HttpResponse(body, { headers: { 'content-type': 'application/json' } });
      }),
    );
    const slow = store().dispatch(examApi.endpoints.examSoal.initiate(undefined, { subscribe: false }));
    await vi.advanceTimersByTimeAsync((piece.length + 1) * (SILENCE_LIMIT_MS / 2));
    await expect(slow.unwrap()).resolves.toEqual({ paket: { id: 1 }, soal: [] });

    stopAt = 2;
    const stopped = store().dispatch(examApi.endpoints.examSoal.initiate(undefined, { subscribe: false, forceRefetch: true }));
    let settled = false;
    void stopped.finally(() => (settled = true));
    // Repeated three times (about 1, 3 and 7 s apart), each given up after the silence.
    await vi.advanceTimersByTimeAsync(4 * (SILENCE_LIMIT_MS + 2 * (SILENCE_LIMIT_MS / 2)) + 20_000);
    expect(settled).toBe(true);
    await expect(stopped.unwrap()).rejects.toMatchObject({ status: 'FETCH_ERROR' });
  });
});

describe('askAccessEarly (decisions 026 and 030)', () => {
  const soal = { paket: { id: 7, nama_paket: 'Paket 7' }, soal: [] };
  /** Counts the exam route's early calls; `open` is the access check's answer. */
  const countEarlyCalls = (open = true) => {
    const asked = { access: vi.fn(), soal: vi.fn(), endtime: vi.fn() };
    server.use(
      http.get('*/api/users/cek-akses/:id', ({ params }) => {
        asked.access(params.id);
        return HttpResponse.json({ bolehAkses: open });
      }),
      http.get('*/api/soal', () => {
        asked.soal();
        return HttpResponse.json(soal);
      }),
      http.get('*/api/soal/cek-endtime', () => {
        asked.endtime();
        return HttpResponse.json({ hasEndTime: false, sesi: null });
      }),
    );
    return asked;
  };

  it('asks for access once the identity probe has answered signed in, and the page reuses that answer', async () => {
    const asked = countEarlyCalls();
    server.use(authHandlers.signedIn());
    const s = store();
    void s.dispatch(authApi.endpoints.getAuth.initiate(undefined, { subscribe: false }));
    await askAccessEarly(s, 7, { sessionSent: false });
    await vi.waitFor(() => expect(asked.access).toHaveBeenCalledExactlyOnceWith('7'));
    await vi.waitFor(() => expect(examApi.endpoints.examAccessCheck.select(7)(s.getState()).data).toEqual({ bolehAkses: true }));
    // The page mounting now (within EARLY_ANSWER_S) takes that answer without asking again.
    const page = s.dispatch(examApi.endpoints.examAccessCheck.initiate(7, { subscriptionOptions: {}, forceRefetch: EARLY_ANSWER_S }));
    await page;
    page.unsubscribe();
    expect(asked.access).toHaveBeenCalledTimes(1);
  });

  it('asks for access beside the probe when the page load says a session cookie was sent', async () => {
    const asked = countEarlyCalls();
    let answerProbe = () => {};
    const probeAnswered = new Promise<void>((resolve) => (answerProbe = resolve));
    server.use(
      http.get('*/api/users/getAuth', async () => {
        await probeAnswered;
        return HttpResponse.json({ dataUser: { id: 1, nama: 'Peserta', nohp: '0812', role: 'User' } });
      }),
    );
    const s = store();
    void s.dispatch(authApi.endpoints.getAuth.initiate(undefined, { subscribe: false }));
    await askAccessEarly(s, 7, { sessionSent: true });
    expect(asked.access).toHaveBeenCalledExactlyOnceWith('7');
    expect(s.getState().auth.status).toBe('unknown');
    answerProbe();
  });

  it('asks for the questions and the attempt once access is granted; the machine takes answers that young', async () => {
    const asked = countEarlyCalls();
    server.use(authHandlers.signedIn());
    const s = store();
    await s.dispatch(authApi.endpoints.getAuth.initiate(undefined, { subscribe: false }));
    await askAccessEarly(s, 7, { sessionSent: true });
    await vi.waitFor(() => expect(asked.soal).toHaveBeenCalledTimes(1));
    expect(asked.endtime).toHaveBeenCalledTimes(1);
    // What loadExam (useExamRunner.ts) dispatches when the start screen's machine starts.
    const options = { subscribe: false, forceRefetch: EARLY_ANSWER_S };
    await expect(s.dispatch(examApi.endpoints.examSoal.initiate(undefined, options)).unwrap()).resolves.toEqual(soal);
    await expect(s.dispatch(examApi.endpoints.examEndtime.initiate(undefined, options)).unwrap()).resolves.toEqual({
      hasEndTime: false,
      sesi: null,
    });
    expect(asked.soal).toHaveBeenCalledTimes(1);
    expect(asked.endtime).toHaveBeenCalledTimes(1);
  });

  it('asks nothing more when access is refused (the page sends the learner to the package list)', async () => {
    const asked = countEarlyCalls(false);
    server.use(authHandlers.signedIn());
    const s = store();
    await s.dispatch(authApi.endpoints.getAuth.initiate(undefined, { subscribe: false }));
    await askAccessEarly(s, 7, { sessionSent: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked.access).toHaveBeenCalledTimes(1);
    expect(asked.soal).not.toHaveBeenCalled();
    expect(asked.endtime).not.toHaveBeenCalled();
  });

  it('asks nothing for a signed-out visitor (the guard sends them to sign in)', async () => {
    const asked = countEarlyCalls();
    server.use(authHandlers.signedOut());
    const s = store();
    void s.dispatch(authApi.endpoints.getAuth.initiate(undefined, { subscribe: false }));
    await askAccessEarly(s, 7, { sessionSent: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked.access).not.toHaveBeenCalled();
  });

  it('leaves a stale session to the guard: the access check asked beside the probe answers 401 without a redirect', async () => {
    server.use(
      authHandlers.signedOut(),
      http.get('*/api/users/cek-akses/:id', () => HttpResponse.json({ message: 'Sesi berakhir.' }, { status: 401 })),
    );
    const { s, location } = watchedStore();
    const probe = s.dispatch(authApi.endpoints.getAuth.initiate(undefined, { subscribe: false }));
    await askAccessEarly(s, 7, { sessionSent: true });
    await probe;
    expect(s.getState().auth.status).toBe('anonymous');
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('still sends a signed-in learner whose session expired to /login when the page asks for access', async () => {
    server.use(
      authHandlers.signedIn(),
      http.get('*/api/users/cek-akses/:id', () => HttpResponse.json({ message: 'Sesi berakhir.' }, { status: 401 })),
    );
    const { s, location } = watchedStore();
    await s.dispatch(authApi.endpoints.getAuth.initiate(undefined, { subscribe: false }));
    await s.dispatch(examApi.endpoints.examAccessCheck.initiate(7, { subscribe: false }));
    expect(location.assign).toHaveBeenCalledExactlyOnceWith('/login');
  });
});
