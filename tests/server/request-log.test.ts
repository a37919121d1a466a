import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers.ts';

const lines: Record<string, unknown>[] = [];
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({}, { logTo: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } });
});
afterAll(() => ctx.close());

describe('the request log', () => {
  it('writes one line per answer with its method, address, status, time and request id', async () => {
    lines.length = 0;
    const found = await ctx.app.inject({ method: 'GET', url: '/api/site' });
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/tidak-ada' });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      msg: 'answered',
      method: 'GET',
      url: '/api/site',
      statusCode: 200,
      reqId: found.headers['x-request-id'],
    });
    expect(lines[1]).toMatchObject({ msg: 'answered', url: '/api/tidak-ada', statusCode: 404, reqId: missing.headers['x-request-id'] });
    expect(typeof lines[0]!.ms).toBe('number');
  });
});
