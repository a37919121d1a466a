import { delay, http, HttpResponse } from 'msw';
import type { PublicPaket } from '../../../contract/paket.ts';
import type {
  AdminPayment,
  AdminPaymentList,
  CekAksesPaketResponse,
  LastScoreResponse,
  PaymentOrder,
  QrisSetting,
  UserPayment,
} from '../../../contract/payments.ts';

/* MSW handlers for the package page, the payment flow and the admin verification (stories and tests). */
const url = (path: string) => `*/api${path}`;
const never = async () => {
  await delay('infinite');
  return HttpResponse.json({});
};

/** Small inline images so stories need no files: a QR-like pattern and a receipt. */
export const demoQrImage =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 7 7" width="280" height="280" shape-rendering="crispEdges"><rect width="7" height="7" fill="#fff"/><path d="M0 0h3v3H0zM4 0h3v3H4zM0 4h3v3H0zM4 4h1v1H4zM5 5h1v1H5zM6 4h1v1H6zM4 6h1v1H4zM6 6h1v1H6z" fill="#000"/><path d="M1 1h1v1H1zM5 1h1v1H5zM1 5h1v1H1z" fill="#fff"/></svg>',
  );
export const demoProofImage =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="#f1f3f5"/><rect x="20" y="20" width="260" height="40" fill="#1971c2"/><text x="150" y="48" fill="#fff" font-size="18" text-anchor="middle" font-family="sans-serif">Transfer Berhasil</text><text x="150" y="200" font-size="28" text-anchor="middle" font-family="sans-serif">Rp 25.000</text></svg>',
  );

export const demoPakets: PublicPaket[] = [
  {
    id: 1,
    nama_paket: 'Paket A Prediction',
    level: 'prediction',
    harga: 20000,
    status: 'siap',
    durasi_listening: 2100,
    durasi_written: 1500,
    durasi_reading: 3300,
  },
  {
    id: 2,
    nama_paket: 'Paket B Prediction',
    level: 'prediction',
    harga: 20000,
    status: 'siap',
    durasi_listening: 2100,
    durasi_written: 1500,
    durasi_reading: 3300,
  },
  {
    id: 3,
    nama_paket: 'Paket Simulasi Gratis',
    level: 'prediction',
    harga: 0,
    status: 'siap',
    durasi_listening: 2100,
    durasi_written: 1500,
    durasi_reading: 3300,
  },
  {
    id: 4,
    nama_paket: 'Paket A ITP',
    level: 'itp',
    harga: 25000,
    status: 'siap',
    durasi_listening: 2100,
    durasi_written: 1500,
    durasi_reading: 3300,
  },
];

export const noScore: LastScoreResponse = {
  lastScore: -1,
  lastPaket: null,
  toeflScore: -1,
  scoreListening: 0,
  scoreWritten: 0,
  scoreReading: 0,
  listeningCorrect: 0,
  writtenCorrect: 0,
  readingCorrect: 0,
  tanggal: null,
};
export const demoScore: LastScoreResponse = {
  lastScore: 523,
  lastPaket: 'Paket A Prediction',
  toeflScore: 523,
  scoreListening: 52,
  scoreWritten: 51,
  scoreReading: 54,
  listeningCorrect: 31,
  writtenCorrect: 27,
  readingCorrect: 35,
  tanggal: '2025-03-02T08:30:00.000Z',
};

export const access = (over: Partial<CekAksesPaketResponse> = {}): CekAksesPaketResponse => ({
  bolehAkses: false,
  pending: false,
  alasan: null,
  paketId: 1,
  status: 'belum_bayar',
  paketAktifId: null,
  harga: 20000,
  ...over,
});

const payment = (over: Partial<UserPayment>): UserPayment => ({
  id: 1,
  paket_soal_id: 1,
  nama_paket: 'Paket A Prediction',
  amount: 20000,
  status: 'pending',
  alasanPenolakan: null,
  alasan_penolakan: null,
  buktiBayar: demoProofImage,
  createdAt: '2025-03-03T09:15:00.000Z',
  decidedAt: null,
  ...over,
});

export const demoPayments: UserPayment[] = [
  payment({
    id: 3,
    nama_paket: 'Paket A ITP',
    amount: 25000,
    paket_soal_id: 4,
    createdAt: '2025-03-05T10:00:00.000Z',
  }),
  payment({
    id: 2,
    status: 'confirmed',
    createdAt: '2025-03-04T10:00:00.000Z',
    decidedAt: '2025-03-04T12:00:00.000Z',
  }),
  payment({
    id: 1,
    status: 'rejected',
    alasanPenolakan: 'Nominal transfer tidak sesuai',
    alasan_penolakan: 'Nominal transfer tidak sesuai',
    createdAt: '2025-03-03T09:15:00.000Z',
    decidedAt: '2025-03-03T11:00:00.000Z',
  }),
];

export const adminPayment = (p: UserPayment, nama = 'Siti Nurhaliza', nohp = '6281234567890'): AdminPayment => ({
  ...p,
  userNohp: nohp,
  User: { nama, nohp },
  decidedByNama: p.status === 'pending' ? null : 'Budi Santoso',
  uniqueCode: null,
  viaGateway: false,
  proofChecked: true,
  duplicateOf: null,
  decisions: p.decidedAt
    ? [{ action: p.status === 'rejected' ? 'rejected' : 'confirmed', byNama: 'Budi Santoso', reason: p.alasanPenolakan, at: p.decidedAt }]
    : [],
  reversible: p.status === 'confirmed',
});

export const demoAdminList = (total = 3, page = 1): AdminPaymentList => ({
  data: [adminPayment(demoPayments[0]!), adminPayment(demoPayments[1]!, 'Andi Wijaya', '6281398765432'), adminPayment(demoPayments[2]!)],
  total,
  page,
  limit: 20,
});

/** A merchant's static QRIS (tag 01 = 11) and the order drawn from it (tag 54 = 25.123, CRC recomputed). */
export const demoStaticQris =
  '00020101021126470014ID.CO.QRIS.WWW01189360000000000000010303UMI51440014ID.CO.QRIS.WWW0215ID10200123456780303UMI5204829953033605802ID5914TOEFL SIMULASI6007BANDUNG61054011563040E4F';
export const demoQrisSetting: QrisSetting = { payload: demoStaticQris, merchantName: 'TOEFL SIMULASI', merchantCity: 'BANDUNG' };

export const demoOrder = (over: Partial<PaymentOrder> = {}): PaymentOrder => ({
  id: 7,
  paket_soal_id: 1,
  harga: 25000,
  amount: 25123,
  uniqueCode: 123,
  qris: '00020101021226470014ID.CO.QRIS.WWW01189360000000000000010303UMI51440014ID.CO.QRIS.WWW0215ID10200123456780303UMI5204829953033605405251235802ID5914TOEFL SIMULASI6007BANDUNG6105401156304CBB3',
  expiresAt: '2026-11-25T10:00:00.000Z',
  status: 'open',
  provider: 'qris',
  payment: null,
  ...over,
});
/** The same order through the gateway: the price as is, no unique code. */
export const demoGatewayOrder = (over: Partial<PaymentOrder> = {}): PaymentOrder =>
  demoOrder({
    amount: 25000,
    uniqueCode: null,
    provider: 'midtrans',
    qris: '00020101021226470014ID.CO.QRIS.WWW01189360000000000000010303UMI51440014ID.CO.QRIS.WWW0215ID10200123456780303UMI5204829953033605405250005802ID5914TOEFL SIMULASI6007BANDUNG61054011563047CA1',
    ...over,
  });

export const paymentsHandlers = {
  /** POST /payment/order answers `created`; GET /payment/order/:id answers the polls in turn (the last one repeats). */
  order: (created: PaymentOrder = demoOrder(), polls: PaymentOrder[] = [created]) => {
    let n = 0;
    return [
      http.post(url('/payment/order'), () =>
        HttpResponse.json({ message: 'Silakan bayar tepat sesuai nominal.', data: created }, { status: 201 }),
      ),
      http.get(url('/payment/order/:id'), () => {
        const answer = polls[Math.min(n, polls.length - 1)]!;
        n += 1;
        return HttpResponse.json({ message: 'OK', data: answer });
      }),
    ];
  },
  /** Each POST /payment/order answers the next order (a renewal gets a new one). */
  orders: (sequence: PaymentOrder[]) => {
    let n = 0;
    let last = sequence[0]!;
    return [
      http.post(url('/payment/order'), () => {
        last = sequence[Math.min(n, sequence.length - 1)]!;
        n += 1;
        return HttpResponse.json({ message: 'Silakan bayar tepat sesuai nominal.', data: last }, { status: 201 });
      }),
      http.get(url('/payment/order/:id'), () => HttpResponse.json({ message: 'OK', data: last })),
    ];
  },
  orderFails: (status: number, message: string) => http.post(url('/payment/order'), () => HttpResponse.json({ message }, { status })),
  orderPending: () => http.post(url('/payment/order'), never),
  qrisSetting: (setting: QrisSetting = { payload: null, merchantName: null, merchantCity: null }) =>
    http.get(url('/admin/settings/qris'), () => HttpResponse.json(setting)),
  qrisSaveSucceeds: () =>
    http.put(url('/admin/settings/qris'), () => HttpResponse.json({ message: 'QRIS berhasil disimpan.', data: demoQrisSetting })),
  /** A stored QRIS that the admin removes: the setting reads empty after the DELETE. */
  qrisRemovable: () => {
    let setting: QrisSetting = demoQrisSetting;
    const empty: QrisSetting = { payload: null, merchantName: null, merchantCity: null };
    return [
      http.get(url('/admin/settings/qris'), () => HttpResponse.json(setting)),
      http.delete(url('/admin/settings/qris'), () => {
        setting = empty;
        return HttpResponse.json({ message: 'QRIS dihapus. Pesanan baru memakai gambar QR pembayaran.', data: empty });
      }),
    ];
  },
  qrisSaveFails: (message: string) => http.put(url('/admin/settings/qris'), () => HttpResponse.json({ message }, { status: 400 })),
  reverseSucceeds: () =>
    http.post(url('/admin/payments/:id/reverse'), async ({ request }) => {
      const body = (await request.json()) as { alasan: string };
      return HttpResponse.json({
        message: 'Konfirmasi pembayaran dibatalkan.',
        data: adminPayment({ ...demoPayments[1]!, status: 'rejected', alasanPenolakan: body.alasan }),
      });
    }),
  reverseFails: (message: string) => http.post(url('/admin/payments/:id/reverse'), () => HttpResponse.json({ message }, { status: 409 })),
  reopenSucceeds: () =>
    http.post(url('/admin/payments/:id/reopen'), () =>
      HttpResponse.json({
        message: 'Pembayaran dibuka kembali untuk diverifikasi.',
        data: adminPayment({ ...demoPayments[2]!, status: 'pending' }),
      }),
    ),
  paymentUpdates: (list: UserPayment[] = []) => http.get(url('/users/payment/updates'), () => HttpResponse.json({ data: list })),
  markSeen: () => http.post(url('/users/payment/updates/seen'), () => HttpResponse.json({ message: 'OK' })),
  paketList: (pakets: PublicPaket[] = demoPakets) => http.get(url('/paket-soal'), () => HttpResponse.json({ data: pakets })),
  paketListFails: () => http.get(url('/paket-soal'), () => HttpResponse.json({ message: 'Server error' }, { status: 500 })),
  paketListPending: () => http.get(url('/paket-soal'), never),
  paket: (p: PublicPaket = demoPakets[0]!) => http.get(url('/paket-soal/:id'), () => HttpResponse.json({ data: p })),
  paketFails: () => http.get(url('/paket-soal/:id'), () => HttpResponse.json({ message: 'Paket soal tidak ditemukan.' }, { status: 404 })),
  lastScore: (score: LastScoreResponse = demoScore) => http.get(url('/users/lastScore'), () => HttpResponse.json(score)),
  lastScorePending: () => http.get(url('/users/lastScore'), never),
  lastScoreFails: () => http.get(url('/users/lastScore'), () => HttpResponse.json({ message: 'Server error' }, { status: 500 })),
  accessCheck: (answer: CekAksesPaketResponse) => http.get(url('/users/cek-akses/:id'), () => HttpResponse.json(answer)),
  accessCheckFails: () => http.get(url('/users/cek-akses/:id'), () => HttpResponse.error()),
  qr: (qrUrl: string | null = demoQrImage, methods: { orders?: boolean; gateway?: boolean } = {}) =>
    http.get(url('/settings/qr-payment'), () =>
      HttpResponse.json({ url: qrUrl, orders: methods.orders ?? false, gateway: methods.gateway ?? false }),
    ),
  /**
   * The QR setting answers at once, but its picture arrives only once `release` is called (a slow
   * link), so the page's layout before and after the picture can be compared. `hold` closes the
   * gate again for the next visit (a story's `beforeEach`).
   */
  qrPictureHeld: () => {
    let open = () => {};
    let gate = Promise.resolve();
    const hold = () => {
      gate = new Promise<void>((resolve) => (open = resolve));
    };
    hold();
    const svg = decodeURIComponent(demoQrImage.slice(demoQrImage.indexOf(',') + 1));
    return {
      hold,
      release: () => open(),
      handlers: [
        paymentsHandlers.qr('/api/media/qr-tertahan.svg'),
        http.get(url('/media/qr-tertahan.svg'), async () => {
          await gate;
          return new HttpResponse(svg, { headers: { 'content-type': 'image/svg+xml' } });
        }),
      ],
    };
  },
  uploadSucceeds: () =>
    http.post(url('/payment/upload'), () =>
      HttpResponse.json(
        {
          message: 'Bukti pembayaran berhasil dikirim. Silakan tunggu konfirmasi admin.',
          data: demoPayments[0],
        },
        { status: 201 },
      ),
    ),
  uploadFails: (status: number, message: string) => http.post(url('/payment/upload'), () => HttpResponse.json({ message }, { status })),
  myPayments: (list: UserPayment[] = demoPayments) => http.get(url('/users/payment'), () => HttpResponse.json({ data: list })),
  myPaymentsFails: (message?: string) =>
    http.get(url('/users/payment'), () => (message ? HttpResponse.json({ message }, { status: 500 }) : HttpResponse.error())),
  myPaymentsPending: () => http.get(url('/users/payment'), never),
  adminPayments: (list: AdminPaymentList = demoAdminList()) => http.get(url('/admin/payments'), () => HttpResponse.json(list)),
  adminPaymentsFails: () =>
    http.get(url('/admin/payments'), () => HttpResponse.json({ message: 'Database tidak tersedia.' }, { status: 503 })),
  adminPaymentsPending: () => http.get(url('/admin/payments'), never),
  decideSucceeds: () =>
    http.put(url('/admin/payments/:id/status'), async ({ request }) => {
      const body = (await request.json()) as {
        status: 'confirmed' | 'rejected';
        alasanPenolakan?: string;
      };
      return HttpResponse.json({
        message: body.status === 'confirmed' ? 'Pembayaran berhasil dikonfirmasi.' : 'Pembayaran ditolak.',
        data: adminPayment({
          ...demoPayments[0]!,
          status: body.status,
          alasanPenolakan: body.alasanPenolakan ?? null,
        }),
      });
    }),
  decideFails: (status: number, message: string) =>
    http.put(url('/admin/payments/:id/status'), () => HttpResponse.json({ message }, { status })),
  qrUploadSucceeds: () =>
    http.put(url('/admin/settings/qr-payment'), () =>
      HttpResponse.json({ message: 'Gambar QR pembayaran berhasil disimpan.', url: demoQrImage }),
    ),
  qrUploadFails: () =>
    http.put(url('/admin/settings/qr-payment'), () =>
      HttpResponse.json({ message: 'Gambar QR harus berupa gambar (jpg, png atau webp).' }, { status: 400 }),
    ),
  qrFails: () => http.get(url('/settings/qr-payment'), () => HttpResponse.json({ message: 'Server error' }, { status: 500 })),
};
