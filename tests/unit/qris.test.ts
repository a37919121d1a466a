import { describe, expect, it } from 'vitest';
import { buildDynamicQris, crc16Ccitt, parseStaticQris, parseTlv, QrisError, readQrisAmount } from '../../server/services/qris.service.ts';

/*
 * Known-good payloads: shaped like real merchant QRIS (a QRIS-network merchant account, an
 * acquirer account, MCC, rupiah, country, name, city, postal code, additional data). Their CRCs
 * were computed independently (Python's binascii.crc_hqx with initial value 0xFFFF) and written
 * here as literals; the same routine also reproduces the CRCs printed on real QRIS stickers.
 */
const STATIC_A =
  '00020101021126470014ID.CO.QRIS.WWW01189360000000000000010303UMI51440014ID.CO.QRIS.WWW0215ID10200300400500303UMI5204829953033605802ID5918TOEFL PREP JAKARTA6007JAKARTA61054011563044EA0';
const DYNAMIC_A_150123 =
  '00020101021226470014ID.CO.QRIS.WWW01189360000000000000010303UMI51440014ID.CO.QRIS.WWW0215ID10200300400500303UMI52048299530336054061501235802ID5918TOEFL PREP JAKARTA6007JAKARTA6105401156304ADB9';
/** With a tip indicator (55) and additional data (62). */
const STATIC_B =
  '00020101021126660020ID.CO.BANKSAMPEL.WWW011893609999000001234502090000123450303UMI51440014ID.CO.QRIS.WWW0215ID20251234567890303UMI5204829953033605502015802ID5918LEMBAGA KURSUS ITP6007BANDUNG61054011562070703A0163043ECE';

describe('CRC16-CCITT (EMVCo: poly 0x1021, init 0xFFFF)', () => {
  it('gives the catalogued check value for "123456789"', () => {
    expect(crc16Ccitt('123456789')).toBe(0x29b1);
  });

  it('reproduces the CRC of each known-good payload', () => {
    for (const payload of [STATIC_A, DYNAMIC_A_150123, STATIC_B]) {
      expect(crc16Ccitt(payload.slice(0, -4)).toString(16).toUpperCase().padStart(4, '0')).toBe(payload.slice(-4));
    }
  });
});

describe('parseStaticQris', () => {
  it('accepts real-shaped static payloads and reads the merchant', () => {
    expect(parseStaticQris(STATIC_A)).toMatchObject({ merchantName: 'TOEFL PREP JAKARTA', merchantCity: 'JAKARTA' });
    expect(parseStaticQris(`  ${STATIC_B}\n`)).toMatchObject({
      merchantName: 'LEMBAGA KURSUS ITP',
      merchantCity: 'BANDUNG',
      payload: STATIC_B,
    });
  });

  const refusals: [string, string, RegExp][] = [
    ['a wrong CRC', `${STATIC_A.slice(0, -4)}4EA1`, /CRC QRIS tidak cocok/],
    ['a changed character (CRC no longer matches)', STATIC_A.replace('JAKARTA6007', 'JAKARTX6007'), /CRC QRIS tidak cocok/],
    ['a cut-off payload', STATIC_A.slice(0, 120), /Struktur QRIS rusak|CRC/],
    ['a non-QRIS text', 'https://contoh.id/bayar', /bukan payload QRIS/],
    ['a dynamic QRIS', DYNAMIC_A_150123, /QRIS dinamis/],
  ];
  for (const [what, payload, message] of refusals) {
    it(`refuses ${what} with an Indonesian message`, () => {
      expect(() => parseStaticQris(payload)).toThrow(QrisError);
      expect(() => parseStaticQris(payload)).toThrow(message);
    });
  }

  it('refuses a payload in another currency even with a valid CRC', () => {
    const fields = parseTlv(STATIC_A.slice(0, -8)).map((f) => (f.tag === '53' ? { ...f, value: '840' } : f));
    const body = `${fields.map((f) => `${f.tag}${String(f.value.length).padStart(2, '0')}${f.value}`).join('')}6304`;
    const usd = `${body}${crc16Ccitt(body).toString(16).toUpperCase().padStart(4, '0')}`;
    expect(() => parseStaticQris(usd)).toThrow('Mata uang QRIS harus Rupiah');
  });
});

describe('buildDynamicQris', () => {
  it('sets point of initiation 12, the amount in tag 54, and recomputes the CRC (known-good result)', () => {
    expect(buildDynamicQris(STATIC_A, 150123)).toBe(DYNAMIC_A_150123);
  });

  it('drops the tip indicator, keeps tags ascending and yields a payload whose CRC holds', () => {
    const dynamic = buildDynamicQris(STATIC_B, 75_042);
    const tags = parseTlv(dynamic).map((f) => f.tag);
    expect(tags).not.toContain('55');
    expect([...tags].sort()).toEqual(tags);
    expect(readQrisAmount(dynamic)).toEqual({ amount: 75_042, crcValid: true, initiation: '12' });
    expect(parseTlv(dynamic).find((f) => f.tag === '62')?.value).toBe('0703A01');
  });

  it('refuses a non-integer or non-positive amount', () => {
    expect(() => buildDynamicQris(STATIC_A, 0)).toThrow(QrisError);
    expect(() => buildDynamicQris(STATIC_A, 10.5)).toThrow(QrisError);
  });
});
