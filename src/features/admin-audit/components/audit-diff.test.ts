import { describe, expect, it } from 'vitest';
import { auditChanges, auditValue } from './audit-diff.ts';

describe('the before/after an admin reads in the audit log', () => {
  it('lists only the fields that changed, in the entity order', () => {
    expect(
      auditChanges({ id: 7, nama: 'Rina', timeFactorPct: 100, tags: ['a'] }, { id: 7, nama: 'Rina', timeFactorPct: 150, tags: ['a', 'b'] }),
    ).toEqual([
      { field: 'timeFactorPct', before: 100, after: 150 },
      { field: 'tags', before: ['a'], after: ['a', 'b'] },
    ]);
  });
  it('lists every field of a creation and of a removal', () => {
    expect(auditChanges(null, { id: 1, nama: 'Paket' })).toEqual([
      { field: 'id', before: null, after: 1 },
      { field: 'nama', before: null, after: 'Paket' },
    ]);
    expect(auditChanges({ id: 1 }, null)).toEqual([{ field: 'id', before: 1, after: null }]);
  });
  it('treats a missing field as empty, and a plain value as one field', () => {
    expect(auditChanges({ a: null }, {})).toEqual([]);
    expect(auditChanges({}, { a: 'x' })).toEqual([{ field: 'a', before: null, after: 'x' }]);
    expect(auditChanges('qr-lama.png', 'qr-baru.png')).toEqual([{ field: '', before: 'qr-lama.png', after: 'qr-baru.png' }]);
    expect(auditChanges(null, null)).toEqual([]);
  });
  it('writes values as an admin reads them', () => {
    expect(auditValue(null)).toBe('(kosong)');
    expect(auditValue('')).toBe('(kosong)');
    expect(auditValue(true)).toBe('ya');
    expect(auditValue(false)).toBe('tidak');
    expect(auditValue(150)).toBe('150');
    expect(auditValue({ a: 1 })).toBe('{"a":1}');
    expect(auditValue('2026-11-24T03:50:00.000Z')).toBe('24 Nov 2026, 10.50.00');
    expect(auditValue('2026-11-24')).toBe('2026-11-24');
  });
});
