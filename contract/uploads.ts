/**
 * What every upload may be, shared by the server (which judges the bytes by their magic numbers)
 * and the browser (which judges the picked file by its size, type and name before a byte is sent).
 * The server's check is the one that decides; the browser's saves an admin or learner waiting
 * for a 30 MB upload only to be refused at the end.
 */

export const MB = 1024 * 1024;

export type UploadKind = 'audio' | 'passage' | 'proof' | 'profile' | 'qr';

export interface UploadRule {
  /** Media types the server accepts, as detected from the bytes. */
  types: readonly string[];
  /** File name endings the browser's picker offers and accepts when the browser gives no type. */
  extensions: readonly string[];
  maxBytes: number;
  /** Shown when the file is not of an accepted type. */
  typeMessage: string;
}

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp'] as const;

export const UPLOAD_RULES: Record<UploadKind, UploadRule> = {
  audio: {
    // m4a is often detected as video/mp4 by its container; the server serves it as audio/mp4.
    types: [
      'audio/mpeg',
      'audio/ogg',
      'audio/opus',
      'audio/wav',
      'audio/x-wav',
      'audio/vnd.wave',
      'audio/mp4',
      'audio/x-m4a',
      'audio/m4a',
      'video/mp4',
    ],
    extensions: ['.mp3', '.ogg', '.opus', '.wav', '.m4a'],
    maxBytes: 20 * MB,
    typeMessage: 'File audio tidak valid. Gunakan mp3, ogg, opus, wav atau m4a.',
  },
  passage: {
    types: ['image/jpeg', 'image/png'],
    extensions: ['.jpg', '.jpeg', '.png'],
    maxBytes: 5 * MB,
    typeMessage: 'File harus berupa gambar (jpg, jpeg, png).',
  },
  proof: {
    types: IMAGE_TYPES,
    extensions: IMAGE_EXTENSIONS,
    maxBytes: 5 * MB,
    typeMessage: 'Bukti pembayaran harus berupa gambar (jpg, png atau webp).',
  },
  profile: {
    types: IMAGE_TYPES,
    extensions: IMAGE_EXTENSIONS,
    maxBytes: 5 * MB,
    typeMessage: 'Foto profil harus berupa gambar (jpg, png atau webp).',
  },
  qr: {
    types: IMAGE_TYPES,
    extensions: IMAGE_EXTENSIONS,
    maxBytes: 5 * MB,
    typeMessage: 'Gambar QR harus berupa gambar (jpg, png atau webp).',
  },
};

/** The multipart ceiling of an ordinary upload route: the largest kind. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxBytes));

/** The question import's sheet and media zip: a whole package's 35 clips and passage images fit comfortably. */
export const IMPORT_UPLOAD_RULES = {
  file: {
    extensions: ['.xlsx', '.csv', '.txt', '.zip'],
    maxBytes: 200 * MB,
    typeMessage: 'File soal harus .xlsx, .csv, .txt (Aiken) atau .zip hasil ekspor.',
  },
  media: { extensions: ['.zip'], maxBytes: 200 * MB, typeMessage: 'File media harus berupa .zip.' },
} as const satisfies Record<string, Omit<UploadRule, 'types'>>;

export const MAX_IMPORT_BYTES = Math.max(IMPORT_UPLOAD_RULES.file.maxBytes, IMPORT_UPLOAD_RULES.media.maxBytes);

/** The one wording of a refused size, in the browser and in the server's 413. */
export const tooLargeMessage = (maxBytes: number): string => `Ukuran file terlalu besar (maksimal ${maxBytes / MB} MB).`;

/** The `accept` attribute of a file picker for a rule. */
export const acceptOf = (rule: BrowserRule): string =>
  [...(rule.types ?? []).filter((t) => !t.startsWith('video/')), ...rule.extensions].join(',');

/** A rule as the browser applies it (the import's rules have no media types: their names decide). */
export type BrowserRule = Pick<UploadRule, 'extensions' | 'maxBytes' | 'typeMessage'> & { types?: readonly string[] };

/** What the browser knows of a picked file (a File fits). */
export interface PickedFile {
  name: string;
  type: string;
  size: number;
}

/**
 * The browser's check before an upload: too big, or neither its type nor its name fits the rule.
 * Returns the message to show, or null when the file may be sent. Size first: a 30 MB clip is
 * refused for its size even when it is a real mp3.
 */
export function checkUpload(rule: BrowserRule, file: PickedFile): string | null {
  if (file.size > rule.maxBytes) return tooLargeMessage(rule.maxBytes);
  if (file.size === 0) return rule.typeMessage;
  if (rule.types?.includes(file.type)) return null;
  const byName = rule.extensions.some((ext) => file.name.toLowerCase().endsWith(ext));
  // Browsers give an empty or generic type for many files (csv, m4a): then the name decides,
  // unless the type names another family (an image picked for audio).
  const family = (type: string) => type.split('/')[0];
  const typeFits =
    !rule.types || file.type === '' || file.type === 'application/octet-stream' || rule.types.some((t) => family(t) === family(file.type));
  return byName && typeFits ? null : rule.typeMessage;
}
