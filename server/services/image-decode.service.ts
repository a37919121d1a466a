import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/** Decoded pixels, RGBA, row by row. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array | Buffer;
}

/** Phone screenshots are at most a few thousand pixels a side; bigger claims are refused before decoding. */
const MAX_PIXELS = 40_000_000;

/**
 * Decodes PNG or JPEG bytes (the formats pure-JS decoders cover); null for anything else (WebP)
 * or for bytes that do not decode. Callers say what they do without pixels.
 */
export function decodeImage(bytes: Buffer): RgbaImage | null {
  try {
    if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
      const png = PNG.sync.read(bytes);
      return { width: png.width, height: png.height, data: png.data };
    }
    if (bytes[0] === 0xff && bytes[1] === 0xd8) {
      const img = jpeg.decode(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: MAX_PIXELS / 1_000_000,
        maxMemoryUsageInMB: 512,
      });
      return { width: img.width, height: img.height, data: img.data };
    }
  } catch {
    return null;
  }
  return null;
}
