import { describe, expect, it } from 'vitest';
import { bodyText, errorMessage, firstFieldError, httpStatus, transportMessage } from './api-error.ts';
import { formatRupiah } from './format.ts';

describe('api-error', () => {
  it('reads the login error field and field errors from a JSON body', () => {
    const login = { status: 401, data: { error: 'Nomor HP atau password salah' } };
    expect(bodyText(login, 'error')).toBe('Nomor HP atau password salah');
    expect(bodyText(login, 'message')).toBeUndefined();
    const register = { status: 400, data: { message: '', errors: [{ path: 'email', msg: 'Format email tidak valid.' }] } };
    expect(bodyText(register, 'message')).toBeUndefined();
    expect(firstFieldError(register)).toBe('Format email tidak valid.');
  });

  it('falls back to a transport description', () => {
    expect(transportMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toMatch(/terhubung/);
    expect(transportMessage({ status: 500, data: 'oops' })).toBe('Permintaan gagal dengan kode status 500.');
    expect(transportMessage({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'x' })).toMatch(/502/);
    expect(errorMessage({ status: 409, data: { message: 'Nomor HP sudah terdaftar' } })).toBe('Nomor HP sudah terdaftar');
    expect(httpStatus({ status: 'PARSING_ERROR', originalStatus: 401, data: '', error: '' })).toBe(401);
    expect(httpStatus(undefined)).toBeUndefined();
  });
});

describe('formatRupiah', () => {
  it('formats whole rupiah the Indonesian way', () => {
    expect(formatRupiah(20000).replace(/\s/g, ' ')).toBe('Rp 20.000');
    expect(formatRupiah(25000.4).replace(/\s/g, ' ')).toBe('Rp 25.000');
  });
});
