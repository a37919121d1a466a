import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';
import type QRCodeModule from 'qrcode';
import { cefrLabel, type CefrLevels } from '../../contract/exam.ts';
import { ESTIMATE_NOTICE } from '../../contract/results.ts';
import { onFirstUse } from '../first-use.ts';
import { projectRoot } from '../paths.ts';

/** A4 landscape in PDF points. */
export const A4_LANDSCAPE = { width: 841.89, height: 595.28 } as const;

const FONT_DIR = path.join(projectRoot, 'server', 'assets', 'fonts');
const JAKARTA = 'Asia/Jakarta';

/** What a certificate states; all of it comes from one exam_history row and its user. */
export interface CertificateData extends CefrLevels {
  appName: string;
  nama: string;
  namaPaket: string;
  finishedAt: Date;
  listeningScore: number;
  structureScore: number;
  readingScore: number;
  totalScore: number;
  listeningCorrect: number;
  writtenCorrect: number;
  readingCorrect: number;
  code: string;
  verifyUrl: string;
}

const longDate = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: JAKARTA });
const isoDay = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: JAKARTA });

/** '22 November 2026' (the day in Jakarta, where participants sit). */
export const indonesianDate = (d: Date): string => longDate.format(d);

/** '2026-11-22' (Jakarta day), for file names and CSV. */
export const isoDate = (d: Date): string => isoDay.format(d);

/** 'Siti Nur'aini Éléonore' -> 'siti-nuraini-eleonore'; never empty. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'peserta';
}

export const certificateFileName = (nama: string, finishedAt: Date): string => `sertifikat-${slugify(nama)}-${isoDate(finishedAt)}.pdf`;

/** The verification page a certificate's QR code opens. */
export const verificationUrl = (baseUrl: string, code: string): string =>
  `${baseUrl.replace(/\/+$/, '')}/verifikasi/${encodeURIComponent(code)}`;

const loadQrCode = onFirstUse(() => import('qrcode').then((m) => (m as unknown as { default: typeof QRCodeModule }).default));

/** The QR code's modules (true = dark) row by row, exactly as drawn on the certificate. */
export async function qrMatrix(url: string): Promise<boolean[][]> {
  const QRCode = await loadQrCode();
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, row) => Array.from({ length: modules.size }, (_, col) => Boolean(modules.get(row, col))));
}

const loadFonts = onFirstUse(() =>
  Promise.all([readFile(path.join(FONT_DIR, 'DejaVuSans.ttf')), readFile(path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'))]),
);

/** pdf-lib and fontkit take about a third of a second to import. */
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
const loadPdfLib = onFirstUse(() =>
  Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]).then(([lib, fontkit]) => ({
    lib,
    fontkit: (fontkit as unknown as { default: Fontkit }).default,
  })),
);

/** Draws text centred on x, shrinking it until it fits `maxWidth` (long Indonesian names). */
function centred(
  page: PDFPage,
  text: string,
  opts: { font: PDFFont; size: number; y: number; maxWidth: number; color: RGB; minSize?: number },
) {
  let size = opts.size;
  const min = opts.minSize ?? 10;
  while (size > min && opts.font.widthOfTextAtSize(text, size) > opts.maxWidth) size -= 0.5;
  const width = opts.font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (A4_LANDSCAPE.width - width) / 2, y: opts.y, size, font: opts.font, color: opts.color });
}

/**
 * The certificate PDF (A4 landscape, DejaVu Sans embedded as a subset so any Indonesian name
 * renders). The verification URL is also a link annotation over the QR code, and the metadata
 * names the participant and score, so readers and tests can check the file without OCR.
 */
export async function renderCertificate(data: CertificateData): Promise<Uint8Array> {
  const [[regularBytes, boldBytes], { lib, fontkit }] = await Promise.all([loadFonts(), loadPdfLib()]);
  const { PDFDocument, PDFName, PDFString, rgb } = lib;
  const INK = rgb(0.1, 0.16, 0.27);
  const MUTED = rgb(0.35, 0.4, 0.48);
  const ACCENT = rgb(0.09, 0.3, 0.55);
  const GOLD = rgb(0.74, 0.58, 0.2);
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const regular = await pdf.embedFont(regularBytes, { subset: true });
  const bold = await pdf.embedFont(boldBytes, { subset: true });
  const { width: W, height: H } = A4_LANDSCAPE;
  const page = pdf.addPage([W, H]);

  pdf.setTitle(`Sertifikat ${data.appName} - ${data.nama}`);
  pdf.setSubject(`${data.nama} - ${data.namaPaket} - Skor TOEFL ${data.totalScore} (CEFR ${cefrLabel(data.cefr)})`);
  pdf.setKeywords([data.nama, `skor ${data.totalScore}`, `kode ${data.code}`, data.verifyUrl]);
  pdf.setAuthor(data.appName);
  pdf.setCreator(data.appName);
  pdf.setProducer(data.appName);
  pdf.setLanguage('id-ID');
  pdf.setCreationDate(data.finishedAt);
  pdf.setModificationDate(data.finishedAt);

  // Frame.
  page.drawRectangle({ x: 0, y: 0, width: W, height: H, color: rgb(0.985, 0.98, 0.96) });
  page.drawRectangle({ x: 22, y: 22, width: W - 44, height: H - 44, borderColor: ACCENT, borderWidth: 3 });
  page.drawRectangle({ x: 30, y: 30, width: W - 60, height: H - 60, borderColor: GOLD, borderWidth: 1 });

  const textWidth = W - 140;
  centred(page, data.appName.toUpperCase(), { font: bold, size: 14, y: H - 78, maxWidth: textWidth, color: ACCENT });
  centred(page, 'SERTIFIKAT HASIL SIMULASI TOEFL ITP', { font: bold, size: 26, y: H - 118, maxWidth: textWidth, color: INK });
  centred(page, 'diberikan kepada', { font: regular, size: 12, y: H - 150, maxWidth: textWidth, color: MUTED });
  centred(page, data.nama, { font: bold, size: 30, y: H - 192, maxWidth: textWidth, color: ACCENT, minSize: 12 });
  page.drawLine({ start: { x: W / 2 - 200, y: H - 204 }, end: { x: W / 2 + 200, y: H - 204 }, thickness: 1, color: GOLD });
  centred(page, `atas penyelesaian ${data.namaPaket}`, { font: regular, size: 13, y: H - 228, maxWidth: textWidth, color: INK });
  centred(page, `pada ${indonesianDate(data.finishedAt)}`, { font: regular, size: 13, y: H - 246, maxWidth: textWidth, color: INK });

  // Scores table.
  const rows: [string, string, string, string][] = [
    ['Listening Comprehension', `${data.listeningCorrect} / 50 benar`, String(data.listeningScore), cefrLabel(data.cefrListening)],
    ['Structure And Written Expression', `${data.writtenCorrect} / 40 benar`, String(data.structureScore), cefrLabel(data.cefrWritten)],
    ['Reading Comprehension', `${data.readingCorrect} / 50 benar`, String(data.readingScore), cefrLabel(data.cefrReading)],
  ];
  const tableX = 110;
  const colCorrect = 400;
  const colScore = 530;
  const colCefr = 610;
  const tableEnd = 720;
  let y = H - 290;
  page.drawText('Bagian', { x: tableX, y, size: 10, font: bold, color: MUTED });
  page.drawText('Jawaban benar', { x: colCorrect, y, size: 10, font: bold, color: MUTED });
  page.drawText('Skor', { x: colScore, y, size: 10, font: bold, color: MUTED });
  page.drawText('CEFR', { x: colCefr, y, size: 10, font: bold, color: MUTED });
  y -= 8;
  page.drawLine({ start: { x: tableX, y }, end: { x: tableEnd, y }, thickness: 0.5, color: MUTED });
  for (const [label, correct, score, level] of rows) {
    y -= 20;
    page.drawText(label, { x: tableX, y, size: 12, font: regular, color: INK });
    page.drawText(correct, { x: colCorrect, y, size: 12, font: regular, color: INK });
    page.drawText(score, { x: colScore, y, size: 12, font: bold, color: INK });
    page.drawText(level, { x: colCefr, y, size: 12, font: regular, color: INK });
  }
  y -= 10;
  page.drawLine({ start: { x: tableX, y }, end: { x: tableEnd, y }, thickness: 0.5, color: MUTED });
  y -= 26;
  page.drawText('Skor TOEFL (estimasi)', { x: tableX, y, size: 15, font: bold, color: INK });
  page.drawText(String(data.totalScore), { x: colScore, y: y - 4, size: 26, font: bold, color: ACCENT });
  y -= 24;
  page.drawText(`Setara CEFR: ${cefrLabel(data.cefr)}`, { x: tableX, y, size: 12, font: regular, color: INK });
  y -= 26;
  page.drawText(ESTIMATE_NOTICE, { x: tableX, y, size: 10, font: regular, color: MUTED });

  // QR code to the verification page, drawn module by module (crisp at any zoom).
  const matrix = await qrMatrix(data.verifyUrl);
  const qrSize = 112;
  const quiet = 4;
  const cell = qrSize / (matrix.length + quiet * 2);
  const qrX = W - 70 - qrSize;
  const qrY = 62;
  page.drawRectangle({ x: qrX, y: qrY, width: qrSize, height: qrSize, color: rgb(1, 1, 1) });
  matrix.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) {
        page.drawRectangle({
          x: qrX + (quiet + c) * cell,
          y: qrY + qrSize - (quiet + r + 1) * cell,
          width: cell,
          height: cell,
          color: rgb(0, 0, 0),
        });
      }
    }),
  );
  const link = pdf.context.register(
    pdf.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [qrX, qrY, qrX + qrSize, qrY + qrSize],
      Border: [0, 0, 0],
      A: { Type: 'Action', S: 'URI', URI: PDFString.of(data.verifyUrl) },
    }),
  );
  page.node.set(PDFName.of('Annots'), pdf.context.obj([link]));

  const verifyRight = qrX - 16;
  const lines: [string, PDFFont, number][] = [
    [`Kode verifikasi: ${data.code}`, bold, 11],
    ['Pindai kode QR atau buka:', regular, 9],
    [data.verifyUrl, regular, 9],
  ];
  let vy = qrY + 60;
  for (const [text, font, size] of lines) {
    let s = size;
    while (s > 6 && font.widthOfTextAtSize(text, s) > verifyRight - tableX) s -= 0.5;
    page.drawText(text, { x: verifyRight - font.widthOfTextAtSize(text, s), y: vy, size: s, font, color: INK });
    vy -= 16;
  }

  return pdf.save();
}
