import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decodeImage } from '../../server/services/image-decode.service.ts';
import { receiptPixels, scaledDown, screenshotPixels } from '../fixtures/proof-images.ts';
import {
  CANDIDATE_MAX_DISTANCE,
  dHash,
  greyGrid,
  hammingDistance,
  hasStructure,
  SAME_PROOF_MAX_DISTANCE,
  sameGrid,
} from '../../server/services/proof-hash.service.ts';

const screenshot = screenshotPixels;

const hashOf = async (bytes: Buffer) => dHash((await decodeImage(bytes))!);

describe('proof dHash', () => {
  it('finds the same screenshot re-encoded as JPEG and resized', async () => {
    const original = screenshot(180, 360, 1);
    const png = PNG.sync.write(original);
    const asJpeg = Buffer.from(jpeg.encode({ width: 180, height: 360, data: original.data }, 70).data);
    const smaller = PNG.sync.write(screenshot(120, 240, 1));
    expect(hammingDistance(await hashOf(png), await hashOf(asJpeg))).toBeLessThanOrEqual(SAME_PROOF_MAX_DISTANCE);
    expect(hammingDistance(await hashOf(png), await hashOf(smaller))).toBeLessThanOrEqual(SAME_PROOF_MAX_DISTANCE);
  });

  it('keeps different screenshots apart', async () => {
    const a = await hashOf(PNG.sync.write(screenshot(180, 360, 1)));
    const b = await hashOf(PNG.sync.write(screenshot(180, 360, 2)));
    expect(hammingDistance(a, b)).toBeGreaterThan(SAME_PROOF_MAX_DISTANCE);
  });

  it('calls a flat picture (no structure to compare) uncheckable', async () => {
    expect(hasStructure(await hashOf(PNG.sync.write(new PNG({ width: 50, height: 50 }))))).toBe(false);
    expect(hasStructure(await hashOf(PNG.sync.write(screenshot(90, 80, 3))))).toBe(true);
  });

  it('answers 16 hex digits, and no pixels for WebP', async () => {
    expect(await hashOf(PNG.sync.write(screenshot(90, 80, 3)))).toMatch(/^[0-9a-f]{16}$/);
    expect(await decodeImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBeNull();
    expect(hammingDistance('ffffffffffffffff', '0000000000000000')).toBe(64);
  });
});

describe('proof grey grid', () => {
  const receipt = (amount: string, name: string, time: string) =>
    receiptPixels(amount, [`Tanggal ${time}`, 'No. Ref 2611270912451234', `Penerima ${name}`, 'Metode QRIS']);
  const pixels = async (png: PNG) => (await decodeImage(PNG.sync.write(png)))!;
  const asJpeg = async (png: PNG, quality: number) =>
    (await decodeImage(Buffer.from(jpeg.encode({ width: png.width, height: png.height, data: png.data }, quality).data)))!;

  it('keeps apart two receipts of one app that only the amount, name and time tell apart', async () => {
    const first = await pixels(receipt('Rp 25.235', 'PESERTA SATU', '27 Nov 09:12'));
    const second = await pixels(receipt('Rp 25.364', 'PESERTA DUA', '27 Nov 10:40'));
    // The layout is all a dHash sees: it calls them alike.
    expect(hammingDistance(dHash(first), dHash(second))).toBeLessThanOrEqual(SAME_PROOF_MAX_DISTANCE);
    expect(sameGrid(greyGrid(first), greyGrid(second))).toBe(false);
  });

  it('finds a receipt again after re-encoding, and resent smaller as JPEG (down to a third of a 780 px screenshot)', async () => {
    const original = receipt('Rp 25.235', 'PESERTA SATU', '27 Nov 09:12');
    const grid = greyGrid(await pixels(original));
    const copies = await Promise.all([asJpeg(original, 40), asJpeg(scaledDown(original, 0.5), 50), asJpeg(scaledDown(original, 0.3), 70)]);
    for (const copy of copies) {
      expect(hammingDistance(dHash(await pixels(original)), dHash(copy))).toBeLessThanOrEqual(CANDIDATE_MAX_DISTANCE);
      expect(sameGrid(grid, greyGrid(copy))).toBe(true);
    }
  });

  it('is 32 x 64 cells, one byte each', async () => {
    expect(Buffer.from(greyGrid(await pixels(receipt('Rp 1', 'A', 'B'))), 'base64')).toHaveLength(32 * 64);
    expect(sameGrid('AAAA', 'AAAAAAAA')).toBe(false);
  });
});
