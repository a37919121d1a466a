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

const dateTime = new Intl.DateTimeFormat('id-ID', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'Asia/Jakarta',
});
const clockTime = new Intl.DateTimeFormat('id-ID', { hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: 'Asia/Jakarta' });

/** '24 Nov 2026, 13.05.09' (Jakarta), for logs an admin reads. */
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));

/** '13.05.09' (Jakarta), for a section's end today. */
export const formatClockTime = (iso: string): string => clockTime.format(new Date(iso));

const dateMinute = new Intl.DateTimeFormat('id-ID', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Jakarta' });

/** '27 Nov 2026, 14.57' (Jakarta), for payments and orders: the same clock as the audit log, whatever the device's zone. */
export const formatDateMinute = (iso: string): string => dateMinute.format(new Date(iso));
