import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { fetchUntilSilent } from '../lib/until-silent.ts';

/** Where the browser is and how it leaves: injected so tests can watch the 401 redirect. */
export interface BrowserLocation {
  pathname(): string;
  assign(url: string): void;
}

/** The store's thunk extra argument, which RTK Query hands to the base query as `api.extra`. */
export interface ApiExtra {
  location: BrowserLocation;
}

export const windowLocation: BrowserLocation = {
  pathname: () => window.location.pathname,
  assign: (url) => window.location.assign(url),
};

export const LOGIN_PATH = '/login';

/*
 * Absolute, because fetch in the jsdom tests cannot resolve a relative URL; in the browser this
 * is the same origin as the page (the dev server proxies /api).
 */
export const apiBaseUrl = new URL(
  import.meta.env.VITE_API_BASE_URL ?? '/api',
  globalThis.location?.href ?? 'http://localhost/',
).href.replace(/\/$/, '');

/**
 * Calls whose 401 is an answer, not an expired session: the identity probe (a signed-out visitor
 * on a public page must stay there; the route guard decides) and login itself (wrong password).
 */
const EXPECTED_401 = new Set(['getAuth', 'login']);

const baseQueryOptions = { baseUrl: apiBaseUrl, credentials: 'include' } as const;
const rawBaseQuery = fetchBaseQuery(baseQueryOptions);
const untilSilentBaseQuery = fetchBaseQuery({ ...baseQueryOptions, fetchFn: (input) => fetchUntilSilent(input) });

/** What an endpoint may tell the base query (RTK Query's `extraOptions`). */
export interface ApiCallOptions {
  /**
   * The call may go out beside the identity probe (the exam's access check, decision 030): its 401
   * means an expired session only once the probe has said someone is signed in. Before that, the
   * probe answers 401 as well, and the route guard sends the visitor to sign in, remembering the page.
   */
  besideIdentityProbe?: boolean;
  /**
   * Given up when nothing comes from the server for SILENCE_LIMIT_MS (a dead connection), as a
   * failed fetch, which the exam repeats. For the exam's calls; not for uploads, whose answer
   * rightly waits until a slow link has sent the whole file.
   */
  untilSilent?: boolean;
}

/**
 * Read structurally: shared code does not import the app shell (src/app/auth-state.ts owns the
 * shape), and the base query only needs to know whether the probe said someone is signed in.
 */
const signedIn = (state: unknown) => (state as { auth?: { status?: string } }).auth?.status === 'authenticated';

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ApiCallOptions> = async (args, api, options) => {
  const result = await (options?.untilSilent ? untilSilentBaseQuery : rawBaseQuery)(args, api, options ?? {});
  const guardDecides = options?.besideIdentityProbe === true && !signedIn(api.getState());
  if (result.error?.status === 401 && !EXPECTED_401.has(api.endpoint) && !guardDecides) {
    const location = (api.extra as ApiExtra | undefined)?.location ?? windowLocation;
    // Spec section 6: any 401 sends the browser to /login with a full reload, dropping all state.
    if (location.pathname() !== LOGIN_PATH) location.assign(LOGIN_PATH);
  }
  return result;
};

/**
 * The one RTK Query api of the SPA. Areas add endpoints with `api.injectEndpoints` in
 * `src/features/<area>/api/*.api.ts`; every tag type lives here.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Auth', 'User', 'Paket', 'Soal', 'Payment', 'Exam', 'History', 'Settings', 'Practice'],
  endpoints: () => ({}),
});

/** A file path the API answered (profile picture, audio, image) as a URL the browser can load. */
export function apiAssetUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  return new URL(path, new URL(apiBaseUrl).origin).href;
}
