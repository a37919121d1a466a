/**
 * QRIS payloads (EMVCo Merchant-Presented QR, Bank Indonesia's QRIS profile): parsing the
 * tag-length-value structure, the CRC16-CCITT checksum, and turning a merchant's static payload
 * into a one-order dynamic payload carrying the exact amount. The one owner of these rules.
 */

/** One top-level data object: two-digit tag, its value (length is the value's length). */
export interface TlvField {
  tag: string;
  value: string;
}

export class QrisError extends Error {}

/**
 * CRC-16/CCITT-FALSE as EMVCo specifies it: polynomial 0x1021, initial value 0xFFFF, no
 * reflection, no final XOR; computed over the whole payload up to and including "6304".
 */
export function crc16Ccitt(text: string): number {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

const crcHex = (text: string): string => crc16Ccitt(text).toString(16).toUpperCase().padStart(4, '0');

/** Splits a payload into its top-level fields; throws QrisError on a broken structure. */
export function parseTlv(payload: string): TlvField[] {
  const fields: TlvField[] = [];
  let at = 0;
  while (at < payload.length) {
    const head = payload.slice(at, at + 4);
    if (!/^\d{4}$/.test(head)) throw new QrisError(`Struktur QRIS rusak di posisi ${at + 1}: tag dan panjang harus berupa angka.`);
    const tag = head.slice(0, 2);
    const length = Number(head.slice(2));
    const value = payload.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new QrisError(`Struktur QRIS rusak: isi tag ${tag} lebih pendek dari panjang yang disebutkan.`);
    fields.push({ tag, value });
    at += 4 + length;
  }
  return fields;
}

const serialize = (fields: TlvField[]): string =>
  fields.map((f) => `${f.tag}${String(f.value.length).padStart(2, '0')}${f.value}`).join('');

/** Appends the CRC field (tag 63) to fields that do not carry one. */
function withCrc(fields: TlvField[]): string {
  const body = `${serialize(fields)}6304`;
  return `${body}${crcHex(body)}`;
}

const valueOf = (fields: TlvField[], tag: string): string | undefined => fields.find((f) => f.tag === tag)?.value;

/** A merchant's static QRIS, checked: what the admin pasted or uploaded. */
export interface StaticQris {
  payload: string;
  merchantName: string;
  merchantCity: string;
}

/**
 * Validates a merchant's static QRIS payload: EMVCo structure, CRC, payload format 01, a
 * merchant account (tags 26-51), rupiah (53 = 360), Indonesia (58 = ID), name and city, and a
 * static point of initiation (11): a dynamic QR is already tied to one sale.
 */
export function parseStaticQris(raw: string): StaticQris {
  const payload = raw.trim();
  if (payload.length < 30 || !payload.startsWith('000201')) {
    throw new QrisError('Ini bukan payload QRIS: payload QRIS selalu diawali 000201.');
  }
  const fields = parseTlv(payload);
  const last = fields[fields.length - 1];
  if (last?.tag !== '63' || last.value.length !== 4) throw new QrisError('Payload QRIS harus diakhiri kode CRC (tag 63, 4 karakter).');
  const expected = crcHex(payload.slice(0, -4));
  if (last.value.toUpperCase() !== expected) {
    throw new QrisError(
      `Kode CRC QRIS tidak cocok (tertulis ${last.value}, seharusnya ${expected}); payload mungkin terpotong atau salah salin.`,
    );
  }
  const tags = new Set<string>();
  for (const f of fields) {
    if (tags.has(f.tag)) throw new QrisError(`Tag ${f.tag} muncul lebih dari sekali dalam payload QRIS.`);
    tags.add(f.tag);
  }
  const initiation = valueOf(fields, '01');
  if (initiation === '12') throw new QrisError('Ini QRIS dinamis (sekali bayar). Gunakan QRIS statis toko Anda.');
  if (initiation !== '11') throw new QrisError('Payload QRIS harus berisi tag 01 bernilai 11 (QRIS statis).');
  if (!fields.some((f) => Number(f.tag) >= 26 && Number(f.tag) <= 51)) {
    throw new QrisError('Payload QRIS tidak berisi informasi akun merchant (tag 26-51).');
  }
  if (valueOf(fields, '53') !== '360') throw new QrisError('Mata uang QRIS harus Rupiah (tag 53 bernilai 360).');
  if (valueOf(fields, '58') !== 'ID') throw new QrisError('Kode negara QRIS harus ID (tag 58).');
  const merchantName = valueOf(fields, '59');
  const merchantCity = valueOf(fields, '60');
  if (!merchantName || !merchantCity) throw new QrisError('Payload QRIS harus berisi nama merchant (tag 59) dan kota (tag 60).');
  return { payload, merchantName, merchantCity };
}

/**
 * The dynamic payload for one order: point of initiation 12, the amount in tag 54 (whole
 * rupiah), tip tags 55-57 dropped (the amount must be exact), fields kept in ascending tag order,
 * CRC recomputed.
 */
export function buildDynamicQris(staticPayload: string, amount: number): string {
  if (!Number.isInteger(amount) || amount < 1 || amount > 9_999_999_999)
    throw new QrisError('Nominal QRIS harus bilangan bulat rupiah yang positif.');
  const fields = parseTlv(parseStaticQris(staticPayload).payload).filter((f) => !['01', '54', '55', '56', '57', '63'].includes(f.tag));
  fields.push({ tag: '01', value: '12' }, { tag: '54', value: String(amount) });
  fields.sort((a, b) => Number(a.tag) - Number(b.tag));
  return withCrc(fields);
}

/** Reads a dynamic payload back (journeys and tests): the amount and whether its CRC holds. */
export function readQrisAmount(payload: string): { amount: number | null; crcValid: boolean; initiation: string | undefined } {
  const fields = parseTlv(payload);
  const crc = valueOf(fields, '63');
  const amount = valueOf(fields, '54');
  return {
    amount: amount === undefined ? null : Number(amount),
    crcValid: crc !== undefined && payload.endsWith(crc) && crc.toUpperCase() === crcHex(payload.slice(0, -4)),
    initiation: valueOf(fields, '01'),
  };
}

/** Builds a static payload from its parts (tests, stories, the demo setup). */
export function composeStaticQris(parts: { merchantName: string; merchantCity: string; nmid: string }): string {
  return withCrc([
    { tag: '00', value: '01' },
    { tag: '01', value: '11' },
    {
      tag: '26',
      value: serialize([
        { tag: '00', value: 'ID.CO.QRIS.WWW' },
        { tag: '01', value: '936000000000000001' },
        { tag: '03', value: 'UMI' },
      ]),
    },
    {
      tag: '51',
      value: serialize([
        { tag: '00', value: 'ID.CO.QRIS.WWW' },
        { tag: '02', value: parts.nmid },
        { tag: '03', value: 'UMI' },
      ]),
    },
    { tag: '52', value: '8299' },
    { tag: '53', value: '360' },
    { tag: '58', value: 'ID' },
    { tag: '59', value: parts.merchantName },
    { tag: '60', value: parts.merchantCity },
    { tag: '61', value: '40115' },
  ]);
}
