import { describe, expect, it } from 'vitest';
import { t } from '../../../i18n/id.ts';
import { loginFailureMessage } from './LoginScreen.tsx';
import { registerFailureMessage } from './RegisterScreen.tsx';

describe('failure messages (spec section 8)', () => {
  it('login: the server error field, else the transport message', () => {
    expect(loginFailureMessage({ status: 401, data: { error: 'Password salah' } })).toBe('Password salah');
    expect(loginFailureMessage({ status: 500, data: { message: 'x' } })).toBe(t.transport.status(500));
    expect(loginFailureMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(t.transport.network);
  });

  it('register: the server message, else the first field error, else the transport message', () => {
    const errors = [
      { path: 'email', msg: 'Format email tidak valid.' },
      { path: 'password', msg: 'Password minimal 8 karakter.' },
    ];
    expect(registerFailureMessage({ status: 409, data: { message: 'Nomor HP sudah terdaftar.' } })).toBe('Nomor HP sudah terdaftar.');
    expect(registerFailureMessage({ status: 400, data: { message: '', errors } })).toBe('Format email tidak valid.');
    expect(registerFailureMessage({ status: 'TIMEOUT_ERROR', error: 'timeout' })).toBe(t.transport.timeout);
  });
});
