import { fetchUntilSilent } from '../lib/until-silent.ts';

/**
 * Fetches a whole clip into memory and answers an object URL (so a weak connection cannot stall
 * it while it plays). A download that stops coming is given up (fetchUntilSilent), so the player
 * tries again instead of showing 'Loading audio...' for good.
 */
export async function fetchWholeClip(src: string): Promise<string> {
  const res = await fetchUntilSilent(src, { credentials: 'include' });
  if (!res.ok) throw new Error(`Audio ${res.status}`);
  return URL.createObjectURL(await res.blob());
}
