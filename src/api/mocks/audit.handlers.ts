import { delay, http, HttpResponse } from 'msw';
import type { AuditEntry } from '../../../contract/audit.ts';

/* MSW handlers for the audit log, answering like server/routes/audit.routes.ts. */
const url = (path: string) => `*/api${path}`;

const admin = { id: 1, nohp: '6281100000001', nama: 'Admin Utama' };
const second = { id: 9, nohp: '6281100000009', nama: 'Dewi Admin' };

export const demoAuditLog: AuditEntry[] = [
  {
    id: 30,
    at: '2026-11-24T03:15:09.000Z',
    actor: admin,
    action: 'ujian.extend',
    entity: 'ujian',
    entityId: '501',
    before: { id: 501, sesi: 'listening', listeningEndsAt: '2026-11-24T03:40:00.000Z', timeFactorPct: 150 },
    after: { id: 501, sesi: 'listening', listeningEndsAt: '2026-11-24T03:50:00.000Z', timeFactorPct: 150 },
    reason: 'Koneksi peserta terputus 10 menit',
  },
  {
    id: 29,
    at: '2026-11-24T02:05:00.000Z',
    actor: second,
    action: 'pengguna.faktor-waktu',
    entity: 'pengguna',
    entityId: '7',
    before: { id: 7, nama: 'Rina Wulandari', timeFactorPct: 100, updatedAt: '2026-11-20T01:00:00.000Z' },
    after: { id: 7, nama: 'Rina Wulandari', timeFactorPct: 150, updatedAt: '2026-11-24T02:05:00.000Z' },
    reason: null,
  },
  {
    id: 28,
    at: '2026-11-23T09:00:00.000Z',
    actor: admin,
    action: 'paket.create',
    entity: 'paket',
    entityId: '12',
    before: null,
    after: { id: 12, namaPaket: 'Paket B Prediction', status: 'belum', archived: false },
    reason: null,
  },
  ...Array.from({ length: 24 }, (_, i): AuditEntry => ({
    id: 27 - i,
    at: new Date(Date.parse('2026-11-22T08:00:00.000Z') - i * 3_600_000).toISOString(),
    actor: i % 2 ? second : admin,
    action: 'soal.update',
    entity: 'soal',
    entityId: String(300 + i),
    before: { id: 300 + i, soal: `Teks lama ${i}`, jawaban: '1' },
    after: { id: 300 + i, soal: `Teks baru ${i}`, jawaban: '1' },
    reason: null,
  })),
];

export const auditHandlers = {
  /** Filters by action and actor and pages like the server does. */
  list: (all: AuditEntry[] = demoAuditLog) =>
    http.get(url('/admin/audit-log'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      const action = params.get('action');
      const actor = (params.get('actor') ?? '').toLowerCase();
      const page = Number(params.get('page') ?? 1);
      const limit = Number(params.get('limit') ?? 20);
      const found = all.filter(
        (e) => (!action || e.action === action) && (!actor || e.actor.nama.toLowerCase().includes(actor) || e.actor.nohp.includes(actor)),
      );
      return HttpResponse.json({
        data: found.slice((page - 1) * limit, page * limit),
        total: found.length,
        page,
        limit,
        actions: [...new Set(all.map((e) => e.action))].sort(),
      });
    }),
  pending: () =>
    http.get(url('/admin/audit-log'), async () => {
      await delay('infinite');
      return HttpResponse.json({});
    }),
  fails: () =>
    http.get(url('/admin/audit-log'), () => HttpResponse.json({ message: 'Tanggal awal harus berformat YYYY-MM-DD.' }, { status: 400 })),
};
