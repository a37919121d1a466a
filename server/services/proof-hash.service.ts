import type { RgbaImage } from './image-decode.service.ts';

/**
 * A difference hash (dHash) of a proof image: the first, coarse test for the same screenshot sent
 * twice, re-encoded or resized. The image is reduced to 9x8 grey cells; each of the 64 bits says
 * whether a cell is brighter than its right neighbour. Returned as 16 hex digits. It sees the
 * layout, not the text: two receipts of one banking app with other amounts, names and times hash
 * alike (0-3 bits apart), so a match here is only a candidate for the finer test (sameGrid).
 */
export function dHash(image: RgbaImage): string {
  const cols = 9;
  const rows = 8;
  const grey = greyCells(image, cols, rows);
  let bits = 0n;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols - 1; c++) {
      bits = (bits << 1n) | (grey[r * cols + c]! > grey[r * cols + c + 1]! ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, '0');
}

/** Mean grey (0-255) of each cell of a cols x rows grid over the image, row by row. */
function greyCells(image: RgbaImage, cols: number, rows: number): number[] {
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
  return grey;
}

/**
 * The finer picture of a proof: its mean grey on a 32 x 64 grid, one byte a cell, base64 (2,732
 * characters). A cell is about one text line high and a few characters wide, so another amount,
 * name, time or reference number changes some cells by far more than re-encoding or resizing
 * does. Measured on Chromium-drawn receipts of one layout (780 x 1688): other texts put 5-18 cells
 * more than 28 levels apart; the same receipt as JPEG at quality 30-75, or box-scaled down to a
 * quarter and saved as JPEG, at most 2. A crop moves every row and is not recognised.
 */
export function greyGrid(image: RgbaImage): string {
  return Buffer.from(greyCells(image, GRID_COLS, GRID_ROWS).map((v) => Math.round(v))).toString('base64');
}

const GRID_COLS = 32;
const GRID_ROWS = 64;
/** A cell this much darker or lighter (of 255) than the other picture's is a different cell. */
const GRID_CELL_LEVELS = 28;
/** Two proofs are the same picture when at most this many of their cells differ. */
const GRID_MAX_DIFFERENT_CELLS = 2;

/** Whether two grey grids (greyGrid) are the same picture. */
export function sameGrid(a: string, b: string): boolean {
  const x = Buffer.from(a, 'base64');
  const y = Buffer.from(b, 'base64');
  if (x.length !== y.length) return false;
  let different = 0;
  for (let i = 0; i < x.length; i++) {
    if (Math.abs(x[i]! - y[i]!) > GRID_CELL_LEVELS && ++different > GRID_MAX_DIFFERENT_CELLS) return false;
  }
  return true;
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
 * Proofs at or under this dHash distance are candidates for the same picture; the grey grid
 * decides. Re-encoding moves a dHash by 0-5 bits, and halving a receipt and saving it as JPEG by
 * 9-13 (measured), so the net is wide: the grid, not the dHash, keeps other receipts apart.
 */
export const CANDIDATE_MAX_DISTANCE = 16;

/** A proof stored before grids were kept has only its dHash: the same picture only this close. */
export const SAME_PROOF_MAX_DISTANCE = 6;

/**
 * A flat or nearly flat picture (a blank or one-colour image) hashes to (almost) all zeros or
 * ones, and every such picture would "match" every other: those proofs are left unchecked.
 */
export function hasStructure(hash: string): boolean {
  const ones = hammingDistance(hash, '0000000000000000');
  return ones >= 4 && ones <= 60;
}
