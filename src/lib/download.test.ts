import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download.ts';

describe('fileNameFromDisposition', () => {
  it.each([
    ['attachment; filename="sertifikat-ayu-2026-11-22.pdf"', 'sertifikat-ayu-2026-11-22.pdf'],
    ["attachment; filename*=UTF-8''sertifikat-jos%C3%A9.pdf", 'sertifikat-josé.pdf'],
    ['attachment; filename=plain.csv', 'plain.csv'],
    [`attachment; filename="a.pdf"; filename*=UTF-8''Sertifikat%20Dewi.pdf`, 'Sertifikat Dewi.pdf'],
    ['inline', 'sertifikat.pdf'],
    ['attachment', 'sertifikat.pdf'],
    [null, 'sertifikat.pdf'],
  ])('%s -> %s', (header, expected) => {
    expect(fileNameFromDisposition(header, 'sertifikat.pdf')).toBe(expected);
  });
});
