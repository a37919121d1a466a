import { createHash, timingSafeEqual } from 'node:crypto';

/** What a gateway's notification says, once its signature holds. */
export interface GatewayNotification {
  /** Our order id, as we sent it when charging. */
  orderId: string;
  /** The amount exactly as the gateway wrote it (e.g. "25000.00"). */
  grossAmount: string;
  transactionStatus: string;
  /** Money has arrived: confirm the order. */
  settled: boolean;
  /** The gateway gave up on the charge (expired, cancelled, denied). */
  closed: boolean;
}

export type VerifiedNotification =
  | { ok: true; notification: GatewayNotification }
  | { ok: false; outcome: 'malformed' | 'bad_signature'; orderId: string | null; transactionStatus: string | null };

/**
 * A payment gateway behind one small interface: charge a QRIS order, and check a notification.
 * Adding another gateway means one more implementation of this.
 */
export interface PaymentGateway {
  readonly name: 'midtrans';
  /** Opens a QRIS charge for our order id; answers the payload to draw and the gateway's expiry. */
  chargeQris(order: { orderId: string; amount: number; expiryMinutes: number }): Promise<{ qris: string; expiresAt: Date | null }>;
  /** Verifies a notification body as received (signature first, then shape). */
  verify(body: unknown): VerifiedNotification;
}

export class GatewayError extends Error {}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * Midtrans Core API (QRIS). Notifications are signed with
 * SHA512(order_id + status_code + gross_amount + server key), computed on the strings exactly as
 * they arrived: re-formatting gross_amount ("25000.00" -> 25000) would break a valid signature.
 */
export class MidtransGateway implements PaymentGateway {
  readonly name = 'midtrans' as const;
  constructor(private readonly options: { serverKey: string; baseUrl: string; fetch?: typeof fetch }) {}

  async chargeQris(order: { orderId: string; amount: number; expiryMinutes: number }): Promise<{ qris: string; expiresAt: Date | null }> {
    const doFetch = this.options.fetch ?? fetch;
    let res: Response;
    try {
      res = await doFetch(`${this.options.baseUrl}/v2/charge`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from(`${this.options.serverKey}:`).toString('base64')}`,
        },
        body: JSON.stringify({
          payment_type: 'qris',
          transaction_details: { order_id: order.orderId, gross_amount: order.amount },
          custom_expiry: { expiry_duration: order.expiryMinutes, unit: 'minute' },
        }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      throw new GatewayError(`Midtrans tidak dapat dihubungi: ${(err as Error).message}`);
    }
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    const qris = text(body.qr_string);
    if (!res.ok || !['200', '201'].includes(String(body.status_code)) || !qris) {
      throw new GatewayError(`Midtrans menolak charge (${res.status} ${String(body.status_code)}: ${String(body.status_message)})`);
    }
    // Midtrans writes expiry_time in Jakarta time without a zone ("2026-11-24 10:15:00").
    const expiry = text(body.expiry_time);
    const expiresAt = expiry && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(expiry) ? new Date(`${expiry.replace(' ', 'T')}+07:00`) : null;
    return { qris, expiresAt };
  }

  signatureOf(orderId: string, statusCode: string, grossAmount: string): string {
    return createHash('sha512').update(`${orderId}${statusCode}${grossAmount}${this.options.serverKey}`).digest('hex');
  }

  verify(body: unknown): VerifiedNotification {
    const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const orderId = text(b.order_id);
    const statusCode = text(b.status_code);
    const grossAmount = text(b.gross_amount);
    const signature = text(b.signature_key);
    const transactionStatus = text(b.transaction_status);
    if (!orderId || !statusCode || !grossAmount || !signature || !transactionStatus) {
      return { ok: false, outcome: 'malformed', orderId, transactionStatus };
    }
    const expected = Buffer.from(this.signatureOf(orderId, statusCode, grossAmount), 'utf8');
    const given = Buffer.from(signature.toLowerCase(), 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { ok: false, outcome: 'bad_signature', orderId, transactionStatus };
    }
    const fraud = text(b.fraud_status);
    return {
      ok: true,
      notification: {
        orderId,
        grossAmount,
        transactionStatus,
        settled: transactionStatus === 'settlement' || (transactionStatus === 'capture' && (fraud === null || fraud === 'accept')),
        closed: ['expire', 'cancel', 'deny', 'failure'].includes(transactionStatus),
      },
    };
  }
}

/** The configured gateway, if any. */
export function gatewayFromConfig(midtrans: { serverKey: string; baseUrl: string } | undefined): PaymentGateway | undefined {
  return midtrans ? new MidtransGateway(midtrans) : undefined;
}
