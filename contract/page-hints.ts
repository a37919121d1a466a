// No zod here: the SPA's entry reads this before anything else loads.

/**
 * On every page load the server says, in a `Server-Timing: sesi;desc=1|0` header, whether a
 * session cookie came with the request (the cookie itself is HttpOnly). The SPA reads it from the
 * navigation timing entry: '0' means signed out, so the identity probe (whose 401 every anonymous
 * visitor's console showed) is skipped; without the entry (an older browser) it probes as before.
 */
export const SESSION_HINT_METRIC = 'sesi';
