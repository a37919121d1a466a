import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decodeImage } from '../../server/services/image-decode.service.ts';
import { screenshotPixels } from '../fixtures/proof-images.ts';
import { dHash, hammingDistance, hasStructure, SAME_PROOF_MAX_DISTANCE } from '../../server/services/proof-hash.service.ts';

const screenshot = screenshotPixels;

const hashOf = (bytes: Buffer) => dHash(decodeImage(bytes)!);

describe('proof dHash', () => {
  it('finds the same screenshot re-encoded as JPEG and resized', () => {
    const original = screenshot(180, 360, 1);
    const png = PNG.sync.write(original);
    const asJpeg = Buffer.from(jpeg.encode({ width: 180, height: 360, data: original.data }, 70).data);
    const smaller = PNG.sync.write(screenshot(120, 240, 1));
    expect(hammingDistance(hashOf(png), hashOf(asJpeg))).toBeLessThanOrEqual(SAME_PROOF_MAX_DISTANCE);
    expect(hammingDistance(hashOf(png), hashOf(smaller))).toBeLessThanOrEqual(SAME_PROOF_MAX_DISTANCE);
  });

  it('keeps different screenshots apart', () => {
    const a = hashOf(PNG.sync.write(screenshot(180, 360, 1)));
    const b = hashOf(PNG.sync.write(screenshot(180, 360, 2)));
    expect(hammingDistance(a, b)).toBeGreaterThan(SAME_PROOF_MAX_DISTANCE);
  });

  it('calls a flat picture (no structure to compare) uncheckable', () => {
    expect(hasStructure(hashOf(PNG.sync.write(new PNG({ width: 50, height: 50 }))))).toBe(false);
    expect(hasStructure(hashOf(PNG.sync.write(screenshot(90, 80, 3))))).toBe(true);
  });

  it('answers 16 hex digits, and no pixels for WebP', () => {
    expect(hashOf(PNG.sync.write(screenshot(90, 80, 3)))).toMatch(/^[0-9a-f]{16}$/);
    expect(decodeImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBeNull();
    expect(hammingDistance('ffffffffffffffff', '0000000000000000')).toBe(64);
  });
});
