/** Longest side and JPEG quality of an uploaded proof: readable, and light on mobile data. */
export const PROOF_MAX_SIDE = 1600;
export const PROOF_JPEG_QUALITY = 0.8;

export interface PreparedImage {
  blob: Blob;
  fileName: string;
}

/**
 * Re-encodes a photo as a JPEG no larger than PROOF_MAX_SIDE on its longest side, on a white
 * background (a transparent PNG would turn black). Keeps the original when the browser cannot
 * decode it or when re-encoding would not make it smaller; the server checks the type anyway.
 */
export async function downscaleImage(file: File, maxSide = PROOF_MAX_SIDE, quality = PROOF_JPEG_QUALITY): Promise<PreparedImage> {
  const original = { blob: file, fileName: file.name || 'bukti.jpg' };
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
    if (!blob || (scale === 1 && blob.size >= file.size)) return original;
    return { blob, fileName: `${(file.name || 'bukti').replace(/\.[^.]*$/, '')}.jpg` };
  } finally {
    bitmap.close();
  }
}
