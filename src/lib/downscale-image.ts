export interface PreparedImage {
  blob: Blob;
  fileName: string;
}

export interface DownscaleOptions {
  /** Longest side in pixels after scaling. */
  maxSide: number;
  /** JPEG quality, 0-1. */
  quality: number;
  /** File name stem when the picked file has none (e.g. 'bukti', 'foto'). */
  fallbackName: string;
  /**
   * Types the original may be sent as when re-encoding would not make it smaller; any other type
   * is always re-encoded (a WebP proof is sent as JPEG, which the server can compare).
   */
  keepTypes?: readonly string[];
}

/**
 * Re-encodes a picked image as a JPEG no larger than `maxSide` on its longest side, on a white
 * background (a transparent PNG would turn black), to spare mobile data. Keeps the original when
 * the browser cannot decode it or when re-encoding would not make it smaller; the server checks
 * the bytes and the size anyway.
 */
export async function downscaleImage(file: File, { maxSide, quality, fallbackName, keepTypes }: DownscaleOptions): Promise<PreparedImage> {
  const original = { blob: file, fileName: file.name || `${fallbackName}.jpg` };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return original;
  }
  try {
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return original;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    const keepable = !keepTypes || keepTypes.includes(file.type);
    if (!blob || (keepable && scale === 1 && blob.size >= file.size)) return original;
    return { blob, fileName: `${(file.name || fallbackName).replace(/\.[^.]*$/, '')}.jpg` };
  } finally {
    bitmap.close();
  }
}
