// No zod here: the SPA's entry reads this before anything else loads.

/**
 * A readable cookie ('1') that the server sets on every page load carrying a session cookie and
 * removes on one without it. The session cookie itself is HttpOnly; without this hint the SPA
 * knows the visitor is signed out and skips the identity probe (whose 401 every anonymous
 * visitor's console showed).
 */
export const SIGNED_IN_HINT_COOKIE = 'masuk';
