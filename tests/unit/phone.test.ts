import { describe, expect, it } from 'vitest';
import { normalizePhone, parseIndonesianMobile } from '../../contract/phone.ts';

describe('the one phone normaliser (spec section 1)', () => {
  it.each([
    ['081234567890', '6281234567890'],
    ['+6281234567890', '6281234567890'],
    ['6281234567890', '6281234567890'],
    ['0812 3456 7890', '6281234567890'],
    ['0812.3456.7890', '6281234567890'],
    ['0812-3456-7890', '6281234567890'],
    ['(0812) 3456-7890', '6281234567890'],
    ['+62 (812) 3456.7890', '6281234567890'],
    ['  081234567890  ', '6281234567890'],
  ])('reads %j as %s', (raw, canonical) => {
    expect(normalizePhone(raw)).toBe(canonical);
    expect(parseIndonesianMobile(raw)).toBe(canonical);
  });

  it('turns only a leading 0 into 62 and only a leading +62 loses its plus', () => {
    expect(normalizePhone('0062812345678')).toBe('62062812345678');
    expect(normalizePhone('+6581234567')).toBe('+6581234567');
  });

  it.each(['', '12345', '0212345678', '+6581234567', '08123', '0812345678901234', '08abc4567890'])(
    'refuses %j as an Indonesian mobile number',
    (raw) => {
      expect(parseIndonesianMobile(raw)).toBeNull();
    },
  );
});
