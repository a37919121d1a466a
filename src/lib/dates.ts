/*
 * Dates of results as participants read them: the day in Jakarta (where the exam is sat),
 * Indonesian month names, as on the certificate.
 */
const longDate = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Jakarta' });
const shortDate = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Jakarta' });

/** '22 November 2026'. */
export const formatLongDate = (iso: string): string => longDate.format(new Date(iso));

/** '22 Nov 2026', for chart axes and narrow tables. */
export const formatShortDate = (iso: string): string => shortDate.format(new Date(iso));
