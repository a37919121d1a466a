import { AppError } from '../errors.ts';
import { onFirstUse } from '../first-use.ts';

const loadDecoders = onFirstUse(() =>
  Promise.all([import('pngjs'), import('jpeg-js')]).then(([png, jpeg]) => ({ PNG: png.PNG, jpeg: jpeg.default })),
);

/** Decoded pixels, RGBA, row by row. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array | Buffer;
}

/**
 * Phone screenshots and a merchant's QRIS poster are a few million pixels (the app sends proofs at
 * most 1,600 px a side). Decoded, a picture takes 4 bytes a pixel: a 140 KB PNG can claim
 * 12,000 x 12,000 and would take over a gigabyte and seconds of the server's thread.
 */
export const MAX_IMAGE_PIXELS = 16_000_000;

/** The picture claims more than MAX_IMAGE_PIXELS; refused (400) before any decoding. */
export class ImageTooLargeError extends AppError {
  constructor() {
    super(400, `Gambar terlalu besar: paling banyak ${MAX_IMAGE_PIXELS / 1_000_000} megapiksel (misalnya 4000 x 4000 piksel).`);
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Decodes PNG or JPEG bytes (the formats pure-JS decoders cover); null for anything else (WebP)
 * or for bytes that do not decode. Callers say what they do without pixels. Throws
 * ImageTooLargeError for a picture over MAX_IMAGE_PIXELS, read from its header.
 */
export async function decodeImage(bytes: Buffer): Promise<RgbaImage | null> {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    // IHDR is the first chunk: width and height at bytes 16-23.
    if (bytes.readUInt32BE(16) * bytes.readUInt32BE(20) > MAX_IMAGE_PIXELS) throw new ImageTooLargeError();
  }
  const { PNG, jpeg } = await loadDecoders();
  try {
    if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
      const png = PNG.sync.read(bytes);
      return { width: png.width, height: png.height, data: png.data };
    }
    if (bytes[0] === 0xff && bytes[1] === 0xd8) {
      const img = jpeg.decode(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: MAX_IMAGE_PIXELS / 1_000_000,
        maxMemoryUsageInMB: 256,
      });
      return { width: img.width, height: img.height, data: img.data };
    }
  } catch (err) {
    if (err instanceof Error && /maxResolutionInMP/.test(err.message)) throw new ImageTooLargeError();
    return null;
  }
  return null;
}
