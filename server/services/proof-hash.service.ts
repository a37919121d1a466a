import type { RgbaImage } from './image-decode.service.ts';

/**
 * A difference hash (dHash) of a proof image, to spot the same screenshot sent twice even after
 * re-encoding, resizing or a small crop of the status bar. The image is reduced to 9x8 grey cells
 * (box average of the pixels each cell covers); each of the 64 bits says whether a cell is
 * brighter than its right neighbour. Returned as 16 hex digits.
 */
export function dHash(image: RgbaImage): string {
  const cols = 9;
  const rows = 8;
  const grey: number[] = [];
  for (let r = 0; r < rows; r++) {
    const y0 = Math.floor((r * image.height) / rows);
    const y1 = Math.max(y0 + 1, Math.floor(((r + 1) * image.height) / rows));
    for (let c = 0; c < cols; c++) {
      const x0 = Math.floor((c * image.width) / cols);
      const x1 = Math.max(x0 + 1, Math.floor(((c + 1) * image.width) / cols));
      let sum = 0;
      let n = 0;
      // Every pixel of a big cell is not needed for an average: a stride keeps a 4000 px screenshot cheap.
      const step = Math.max(1, Math.floor(Math.min(x1 - x0, y1 - y0) / 16));
      for (let y = y0; y < y1; y += step) {
        for (let x = x0; x < x1; x += step) {
          const i = (y * image.width + x) * 4;
          sum += 0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!;
          n++;
        }
      }
      grey.push(sum / n);
    }
  }
  let bits = 0n;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols - 1; c++) {
      bits = (bits << 1n) | (grey[r * cols + c]! > grey[r * cols + c + 1]! ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, '0');
}

/** Number of differing bits between two hashes. */
export function hammingDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  while (x) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}

/**
 * Two proofs at or under this distance are treated as the same picture. Re-encoding and resizing
 * move a dHash by 0-4 bits; two different transfer screenshots of one banking app differ by 10+.
 */
export const SAME_PROOF_MAX_DISTANCE = 6;

/**
 * A flat or nearly flat picture (a blank or one-colour image) hashes to (almost) all zeros or
 * ones, and every such picture would "match" every other: those proofs are left unchecked.
 */
export function hasStructure(hash: string): boolean {
  const ones = hammingDistance(hash, '0000000000000000');
  return ones >= 4 && ones <= 60;
}
