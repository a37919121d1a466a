import { describe, expect, it } from 'vitest';
import { checkUpload, IMPORT_UPLOAD_RULES, MAX_UPLOAD_BYTES, MB, UPLOAD_RULES } from '../../contract/uploads.ts';

const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('checkUpload: what the browser refuses before sending', () => {
  it('refuses a clip over the audio limit with the limit in the message, and takes one at the limit', () => {
    expect(checkUpload(UPLOAD_RULES.audio, file('kuliah.mp3', 'audio/mpeg', 30 * MB))).toBe('Ukuran file terlalu besar (maksimal 20 MB).');
    expect(checkUpload(UPLOAD_RULES.audio, file('pas.mp3', 'audio/mpeg', 20 * MB))).toBeNull();
    expect(checkUpload(UPLOAD_RULES.audio, file('lebih.mp3', 'audio/mpeg', 20 * MB + 1))).not.toBeNull();
  });

  it('judges the type by the browser type, or by the name when the browser gives none', () => {
    expect(checkUpload(UPLOAD_RULES.audio, file('klip.m4a', '', 1000))).toBeNull();
    expect(checkUpload(UPLOAD_RULES.audio, file('klip.m4a', 'audio/x-m4a', 1000))).toBeNull();
    expect(checkUpload(UPLOAD_RULES.audio, file('foto.png', 'image/png', 1000))).toBe(UPLOAD_RULES.audio.typeMessage);
    expect(checkUpload(UPLOAD_RULES.audio, file('foto.mp3', 'image/png', 1000))).toBe(UPLOAD_RULES.audio.typeMessage);
    expect(checkUpload(UPLOAD_RULES.audio, file('kosong.mp3', 'audio/mpeg', 0))).toBe(UPLOAD_RULES.audio.typeMessage);
    expect(checkUpload(UPLOAD_RULES.passage, file('bacaan.gif', 'image/gif', 1000))).toBe('File harus berupa gambar (jpg, jpeg, png).');
    expect(checkUpload(UPLOAD_RULES.passage, file('bacaan.png', 'image/png', 6 * MB))).toBe('Ukuran file terlalu besar (maksimal 5 MB).');
  });

  it('takes import files by name and size only', () => {
    expect(checkUpload(IMPORT_UPLOAD_RULES.file, file('soal.csv', 'text/csv', 1000))).toBeNull();
    expect(checkUpload(IMPORT_UPLOAD_RULES.file, file('soal.docx', '', 1000))).toBe(IMPORT_UPLOAD_RULES.file.typeMessage);
    expect(checkUpload(IMPORT_UPLOAD_RULES.media, file('media.zip', 'application/zip', 201 * MB))).toBe(
      'Ukuran file terlalu besar (maksimal 200 MB).',
    );
  });

  it('sizes the multipart ceiling to the largest kind', () => {
    expect(MAX_UPLOAD_BYTES).toBe(UPLOAD_RULES.audio.maxBytes);
  });
});
