import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildDynamicQris, composeStaticQris } from '../../server/services/qris.service.ts';

/** The merchant QRIS the fake gateway draws its charges from. */
const MERCHANT = composeStaticQris({ merchantName: 'MIDTRANS SANDBOX', merchantCity: 'JAKARTA', nmid: 'ID1020099990001' });

export interface FakeCharge {
  orderId: string;
  grossAmount: number;
  authorization: string | undefined;
}

/**
 * A local stand-in for Midtrans' Core API (POST /v2/charge, QRIS): records each charge and answers
 * a QRIS payload with the amount, like the sandbox does. It also signs notifications with the
 * same server key, as Midtrans would when calling our webhook.
 */
export class FakeMidtrans {
  readonly charges: FakeCharge[] = [];
  private server: Server | undefined;
  constructor(readonly serverKey: string) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        if (req.method !== 'POST' || req.url !== '/v2/charge') {
          res.writeHead(404).end('{}');
          return;
        }
        const body = JSON.parse(raw) as { payment_type: string; transaction_details: { order_id: string; gross_amount: number } };
        const { order_id, gross_amount } = body.transaction_details;
        this.charges.push({ orderId: order_id, grossAmount: gross_amount, authorization: req.headers.authorization });
        res.writeHead(201, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            status_code: '201',
            status_message: 'QRIS transaction is created',
            order_id,
            gross_amount: `${gross_amount}.00`,
            payment_type: body.payment_type,
            transaction_status: 'pending',
            qr_string: buildDynamicQris(MERCHANT, gross_amount),
          }),
        );
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A notification body as Midtrans sends it, signed with this gateway's key unless told otherwise. */
  notification(orderId: string, grossAmount: string, transactionStatus = 'settlement', key = this.serverKey): Record<string, string> {
    const statusCode = transactionStatus === 'settlement' ? '200' : '201';
    return {
      transaction_time: '2026-11-24 10:00:00',
      transaction_status: transactionStatus,
      transaction_id: `tx-${orderId}`,
      status_message: 'midtrans payment notification',
      status_code: statusCode,
      signature_key: createHash('sha512').update(`${orderId}${statusCode}${grossAmount}${key}`).digest('hex'),
      payment_type: 'qris',
      order_id: orderId,
      merchant_id: 'G000000000',
      gross_amount: grossAmount,
      fraud_status: 'accept',
      currency: 'IDR',
    };
  }
}
