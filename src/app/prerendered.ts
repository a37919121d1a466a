/**
 * The pages rendered to HTML at build time (scripts/prerender.ts), each with the file it is
 * written to under dist/client/prerendered/. The server reads that folder's manifest.json, so
 * this list is the one place that names them.
 */
export const PRERENDERED_PATHS = {
  '/': 'index.html',
  '/login': 'login.html',
  '/register': 'register.html',
} as const;
