/** Longest side of an uploaded profile photo: enough for any avatar, light on mobile data. */
export const PHOTO_MAX_SIDE = 512;
const PHOTO_JPEG_QUALITY = 0.85;

export interface PreparedPhoto {
  blob: Blob;
  fileName: string;
}

/**
 * Re-encodes a picked photo as a JPEG at most PHOTO_MAX_SIDE on its longest side (white behind
 * transparency). Keeps the original when the browser cannot decode it; the server checks the
 * bytes and the size anyway.
 */
export async function downscalePhoto(file: File, maxSide = PHOTO_MAX_SIDE): Promise<PreparedPhoto> {
  const original = { blob: file, fileName: file.name || 'foto.jpg' };
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
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', PHOTO_JPEG_QUALITY));
    if (!blob || (scale === 1 && blob.size >= file.size)) return original;
    return { blob, fileName: `${(file.name || 'foto').replace(/\.[^.]*$/, '')}.jpg` };
  } finally {
    bitmap.close();
  }
}
