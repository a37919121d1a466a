/**
 * The one phone normaliser (STYLE rule 8). Spec section 1: a leading 0 becomes 62 and a leading
 * +62 drops the plus. Separators people type (spaces, dashes, dots, brackets) are removed first.
 */
export function normalizePhone(raw: string): string {
  const compact = raw.trim().replace(/[\s\-.()]/g, '');
  if (compact.startsWith('+62')) return compact.slice(1);
  if (compact.startsWith('0')) return `62${compact.slice(1)}`;
  return compact;
}

/** Canonical Indonesian mobile number: 62, then 8, then 7 to 11 more digits (08xx-xxxx-xxxx). */
export const INDONESIAN_MOBILE = /^628\d{7,11}$/;

/** The canonical `62...` form of an Indonesian mobile number, or null when it is not one. */
export function parseIndonesianMobile(raw: string): string | null {
  const normalized = normalizePhone(raw);
  return INDONESIAN_MOBILE.test(normalized) ? normalized : null;
}
