/** Fetches a whole clip into memory and answers an object URL (so a weak connection cannot stall it). */
export async function fetchWholeClip(src: string): Promise<string> {
  const res = await fetch(src, { credentials: 'include' });
  if (!res.ok) throw new Error(`Audio ${res.status}`);
  return URL.createObjectURL(await res.blob());
}
