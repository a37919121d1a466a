/** A file fetched through RTK Query, held as an object URL (a Blob is not serialisable in the store). */
export interface DownloadedFile {
  url: string;
  fileName: string;
}

/** The file name of a Content-Disposition header (RFC 6266 `filename*` first), or the fallback. */
export function fileNameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // a malformed escape: fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("?)([^";]+)\1/i.exec(header);
  return plain?.[2]?.trim() || fallback;
}

/** Hands a downloaded file to the browser's save flow, then frees its object URL. */
export function saveDownloadedFile(file: DownloadedFile, doc: Document = document): void {
  const link = doc.createElement('a');
  link.href = file.url;
  link.download = file.fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start reading the blob before it is revoked.
  setTimeout(() => URL.revokeObjectURL(file.url), 10_000);
}
