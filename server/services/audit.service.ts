import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { auditActionLabel, type AuditEntry, type AuditList } from '../../contract/audit.ts';
import { parseIndonesianMobile } from '../../contract/phone.ts';
import type { Db } from '../db/client.ts';
import { auditLog, examAttempts, paketSoal, payments, questionReading, settings, soal, users, type UserRow } from '../db/schema.ts';
import { csvField, jakartaDayStart } from './results.service.ts';

/** What a loader found: the entity's own id and its state, as the audit log stores it. */
export interface AuditSnapshot {
  id: string;
  state: unknown;
}

/** How a route names an entity: a row id, a phone number, a setting key. */
export type AuditId = string | number;

const numericId = (raw: AuditId): number | null => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

async function byNumericId<T>(raw: AuditId, load: (id: number) => Promise<T | undefined>): Promise<AuditSnapshot | null> {
  const id = numericId(raw);
  if (id === null) return null;
  const row = await load(id);
  return row ? { id: String(id), state: row } : null;
}

/**
 * One loader per kind of entity an admin changes: given the id a route names, the entity's
 * current state (null when absent: before a creation, after a deletion). A route joins the audit
 * log by naming one of these (server/README.md).
 */
export const auditLoaders = {
  paket: (db: Db, raw: AuditId) => byNumericId(raw, async (id) => (await db.select().from(paketSoal).where(eq(paketSoal.id, id)))[0]),
  soal: (db: Db, raw: AuditId) => byNumericId(raw, async (id) => (await db.select().from(soal).where(eq(soal.id, id)))[0]),
  bacaan: (db: Db, raw: AuditId) =>
    byNumericId(raw, async (id) => (await db.select().from(questionReading).where(eq(questionReading.id, id)))[0]),
  pembayaran: (db: Db, raw: AuditId) => byNumericId(raw, async (id) => (await db.select().from(payments).where(eq(payments.id, id)))[0]),
  ujian: (db: Db, raw: AuditId) => byNumericId(raw, async (id) => (await db.select().from(examAttempts).where(eq(examAttempts.id, id)))[0]),
  /** Users are named by their phone number (any spelling), as Data User does. */
  pengguna: async (db: Db, raw: AuditId): Promise<AuditSnapshot | null> => {
    const nohp = parseIndonesianMobile(String(raw)) ?? String(raw);
    const [row] = await db.select().from(users).where(eq(users.nohp, nohp));
    return row ? { id: String(row.id), state: row } : null;
  },
  /** Settings are named by their key. */
  pengaturan: async (db: Db, raw: AuditId): Promise<AuditSnapshot | null> => {
    const key = String(raw);
    const [row] = await db.select().from(settings).where(eq(settings.key, key));
    return row ? { id: key, state: row } : null;
  },
} satisfies Record<string, (db: Db, id: AuditId) => Promise<AuditSnapshot | null>>;

export type AuditEntity = keyof typeof auditLoaders;

/** Field names whose values never enter the log, at any depth (password hashes, session tokens...). */
const SECRET_FIELD = /password|token|secret|hash|otp|cookie/i;

/** A JSON copy of `value` without secret fields; dates become ISO strings. */
export function redactSecrets(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value), (key, v: unknown) => (key !== '' && SECRET_FIELD.test(key) ? undefined : v)) as unknown;
}

export interface AuditRecord {
  actor: Pick<UserRow, 'id' | 'nohp' | 'nama'>;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  reason?: string | null | undefined;
  requestId?: string | undefined;
  at?: Date;
}

/** Writes one entry. Routes do not call this: the audit hook does (server/plugins/audit.ts). */
export async function recordAudit(db: Db, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    at: record.at ?? new Date(),
    actorId: record.actor.id,
    actorNohp: record.actor.nohp,
    actorNama: record.actor.nama,
    action: record.action,
    entity: record.entity,
    entityId: record.entityId,
    before: redactSecrets(record.before),
    after: redactSecrets(record.after),
    reason: record.reason ?? null,
    requestId: record.requestId ?? null,
  });
}

export interface AuditFilter {
  action?: string | undefined;
  actor?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function auditWhere(filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.actor) {
    const phone = parseIndonesianMobile(filter.actor);
    conditions.push(or(ilike(auditLog.actorNama, likeOf(filter.actor)), ilike(auditLog.actorNohp, likeOf(phone ?? filter.actor)))!);
  }
  if (filter.from) conditions.push(gte(auditLog.at, jakartaDayStart(filter.from)));
  if (filter.to) {
    const end = jakartaDayStart(filter.to);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(auditLog.at, end));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const toEntry = (r: typeof auditLog.$inferSelect): AuditEntry => ({
  id: r.id,
  at: r.at.toISOString(),
  actor: { id: r.actorId, nohp: r.actorNohp, nama: r.actorNama },
  action: r.action,
  entity: r.entity,
  entityId: r.entityId,
  before: r.before ?? null,
  after: r.after ?? null,
  reason: r.reason,
});

/** GET /admin/audit-log: newest first, filtered and paged, with the actions present for the filter. */
export async function listAudit(db: Db, filter: AuditFilter & { page: number; limit: number }): Promise<AuditList> {
  const where = auditWhere(filter);
  const [rows, [total], actions] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db
      .select({ n: sql<number>`count(*)` })
      .from(auditLog)
      .where(where),
    db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action),
  ]);
  return {
    data: rows.map(toEntry),
    total: Number(total?.n ?? 0),
    page: filter.page,
    limit: filter.limit,
    actions: actions.map((a) => a.action),
  };
}

const CSV_HEADER = ['Waktu', 'Nama Admin', 'No HP Admin', 'Aksi', 'Kode Aksi', 'Data', 'ID Data', 'Alasan', 'Sebelum', 'Sesudah'];

/** GET /admin/audit-log.csv: the same filter, every row, with a BOM so Excel reads UTF-8. */
export async function auditCsv(db: Db, filter: AuditFilter): Promise<string> {
  const rows = await db.select().from(auditLog).where(auditWhere(filter)).orderBy(desc(auditLog.at), desc(auditLog.id));
  const lines = [CSV_HEADER.map(csvField).join(',')];
  for (const r of rows) {
    lines.push(
      [
        r.at.toISOString(),
        r.actorNama,
        r.actorNohp,
        auditActionLabel(r.action),
        r.action,
        r.entity,
        r.entityId ?? '',
        r.reason ?? '',
        r.before == null ? '' : JSON.stringify(r.before),
        r.after == null ? '' : JSON.stringify(r.after),
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
