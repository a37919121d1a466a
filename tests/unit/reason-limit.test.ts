import { describe, expect, it } from 'vitest';
import { extendBodySchema, reopenBodySchema } from '../../contract/accommodations.ts';
import { decidePaymentBodySchema, reversePaymentBodySchema } from '../../contract/payments.ts';

/** Every admin decision's reason takes up to 500 characters, no more (contract/common.ts). */
describe('reason length', () => {
  const at = 'a'.repeat(500);
  const over = 'a'.repeat(501);
  const bodies = {
    reject: (alasan: string) => decidePaymentBodySchema.safeParse({ status: 'rejected', alasanPenolakan: alasan }),
    reverse: (alasan: string) => reversePaymentBodySchema.safeParse({ alasan }),
    extend: (alasan: string) => extendBodySchema.safeParse({ menit: 5, alasan }),
    reopen: (alasan: string) => reopenBodySchema.safeParse({ alasan }),
  };
  it.each(Object.entries(bodies))('%s takes 500 characters and refuses 501 with the limit in the message', (_, parse) => {
    expect(parse(at).success).toBe(true);
    const refused = parse(over);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/maksimal 500 karakter/);
  });
});
