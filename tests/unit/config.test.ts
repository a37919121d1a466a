import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

describe('WORKERS', () => {
  it('is 1 unless set', () => {
    expect(loadConfig({}).workers).toBe(1);
  });

  it('takes several processes with PostgreSQL', () => {
    expect(loadConfig({ WORKERS: '4', DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' }).workers).toBe(4);
  });

  it('refuses more than one process on the embedded database, with the reason', () => {
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS above 1 needs DATABASE_URL/);
  });

  it('refuses a count that is not a whole number from 1 to 64', () => {
    for (const bad of ['0', '65', '1.5', 'dua']) expect(() => loadConfig({ WORKERS: bad })).toThrow(ConfigError);
  });
});
