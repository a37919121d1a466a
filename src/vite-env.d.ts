/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base of every API call; `/api` (same origin) when unset. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
