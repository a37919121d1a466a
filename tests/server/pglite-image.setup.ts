import { migratedPgliteImage } from './pglite-image.ts';

/** Vitest's global setup of the server suite on PGlite: the migrated image exists before any file asks. */
export async function setup(): Promise<void> {
  await migratedPgliteImage();
}
