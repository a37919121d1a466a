import { sql } from 'drizzle-orm';
import type { SoalSection } from '../../contract/soal.ts';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** Participants and admins. nohp is always the canonical 62... form (contract/phone.ts). */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  nohp: varchar('nohp', { length: 16 }).notNull().unique(),
  nama: varchar('nama', { length: 100 }).notNull(),
  email: varchar('email', { length: 254 }).notNull(),
  passwordHash: text('password_hash').notNull(),
  role: varchar('role', { length: 8, enum: ['User', 'Admin'] })
    .notNull()
    .default('User'),
  profilePic: text('profile_pic'),
  /** The package this user may sit now (one at a time); null when none. */
  paketSoalIdAktif: integer('paket_soal_id_aktif').references((): AnyPgColumn => paketSoal.id, { onDelete: 'set null' }),
  /** Name of the package of the last finished attempt. */
  paketTerakhir: varchar('paket_terakhir', { length: 150 }),
  /** Extra exam time (accommodation) in percent of each section's length: 100 = none (contract/accommodations.ts). */
  timeFactorPct: integer('time_factor_pct').notNull().default(100),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Server-side sessions: only the SHA-256 of the cookie token is stored, so a leaked table logs no one in. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expiry_idx').on(t.expiresAt)],
);

export type UserRow = typeof users.$inferSelect;

export const SECTIONS = ['listening', 'structure', 'written', 'reading'] as const;

/** A question package. Durations in seconds (DESIGN section 4; defaults follow ETS: 35/25/55 min). */
export const paketSoal = pgTable('paket_soal', {
  id: serial('id').primaryKey(),
  namaPaket: varchar('nama_paket', { length: 150 }).notNull(),
  level: varchar('level', { length: 16, enum: ['prediction', 'itp'] })
    .notNull()
    .default('itp'),
  harga: integer('harga').notNull().default(0),
  status: varchar('status', { length: 8, enum: ['siap', 'belum'] })
    .notNull()
    .default('belum'),
  durasiListening: integer('durasi_listening')
    .notNull()
    .default(35 * 60),
  durasiWritten: integer('durasi_written')
    .notNull()
    .default(25 * 60),
  durasiReading: integer('durasi_reading')
    .notNull()
    .default(55 * 60),
  /** Set when an admin archives the package (the spec's DELETE): hidden from learners, kept with its media and history. */
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Uploaded files; bytes live in DATA_DIR/uploads/<key>. Access is decided from kind + owner/package. */
export const files = pgTable(
  'files',
  {
    key: varchar('key', { length: 64 }).primaryKey(),
    kind: varchar('kind', { length: 16, enum: ['audio', 'passage', 'proof', 'profile', 'qr'] }).notNull(),
    mime: varchar('mime', { length: 64 }).notNull(),
    size: integer('size').notNull(),
    paketSoalId: integer('paket_soal_id').references(() => paketSoal.id, { onDelete: 'cascade' }),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_paket_idx').on(t.paketSoalId)],
);

/** A reading passage (spec: Question Reading): an image, HTML text, or both. */
export const questionReading = pgTable(
  'question_reading',
  {
    id: serial('id').primaryKey(),
    paketSoalId: integer('paket_soal_id')
      .notNull()
      .references(() => paketSoal.id, { onDelete: 'cascade' }),
    nama: varchar('nama', { length: 150 }).notNull(),
    image: varchar('image', { length: 64 }),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('question_reading_paket_idx').on(t.paketSoalId)],
);

/**
 * A question. `page` is its exam index (machines/exam-layout.ts) and answer key id: derived by the
 * server from section + no_soal, unique within a package.
 */
export const soal = pgTable(
  'soal',
  {
    id: serial('id').primaryKey(),
    paketSoalId: integer('paket_soal_id')
      .notNull()
      .references(() => paketSoal.id, { onDelete: 'cascade' }),
    section: varchar('section', { length: 16, enum: SECTIONS }).notNull(),
    noSoal: integer('no_soal').notNull(),
    page: integer('page').notNull(),
    soal: text('soal').notNull().default(''),
    pilihanSatu: text('pilihan_satu').notNull(),
    pilihanDua: text('pilihan_dua').notNull(),
    pilihanTiga: text('pilihan_tiga').notNull(),
    pilihanEmpat: text('pilihan_empat').notNull(),
    jawaban: varchar('jawaban', { length: 1, enum: ['1', '2', '3', '4'] }).notNull(),
    audio: varchar('audio', { length: 64 }),
    qReading: integer('q_reading').references(() => questionReading.id, { onDelete: 'set null' }),
    pembahasan: text('pembahasan'),
    /** A skill id of contract/skills.ts belonging to this question's section. */
    skill: varchar('skill', { length: 32 }).notNull(),
    /** Listening only: what the clip says, and the question as spoken; shown after the attempt. */
    transcript: text('transcript'),
    spokenQuestion: text('spoken_question'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('soal_paket_page_uq').on(t.paketSoalId, t.page),
    uniqueIndex('soal_paket_section_no_uq').on(t.paketSoalId, t.section, t.noSoal),
  ],
);

/** A payment proof and its decision. Amount is the package price at upload time. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paketSoalId: integer('paket_soal_id').references(() => paketSoal.id, { onDelete: 'set null' }),
    namaPaket: varchar('nama_paket', { length: 150 }).notNull(),
    /** The proof image's storage key; null when a payment gateway confirmed the order (no proof). */
    bukti: varchar('bukti', { length: 64 }),
    /** What was asked of the learner: the order's exact amount (price + unique code) or the price. */
    amount: integer('amount').notNull(),
    /** The exact-amount order this payment settles, when one was made. */
    orderId: integer('order_id').references((): AnyPgColumn => paymentOrders.id, { onDelete: 'set null' }),
    /** dHash of the proof image (16 hex digits); null for a gateway payment or an image that cannot be decoded (WebP). */
    proofHash: varchar('proof_hash', { length: 16 }),
    /** The proof's grey grid (greyGrid, base64), which decides between dHash look-alikes; null where proofHash is. */
    proofGrid: text('proof_grid'),
    /** An earlier payment whose proof looks the same (perceptual hash), flagged for the admin. */
    duplicateOfId: integer('duplicate_of_id').references((): AnyPgColumn => payments.id, { onDelete: 'set null' }),
    /** When the learner was shown the latest decision (header badge, message on the next visit). */
    learnerSeenAt: timestamp('learner_seen_at', { withTimezone: true }),
    status: varchar('status', { length: 10, enum: ['pending', 'confirmed', 'rejected'] })
      .notNull()
      .default('pending'),
    alasanPenolakan: text('alasan_penolakan'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Set when the attempt this payment granted has been started (one attempt per payment). */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId),
    index('payments_status_idx').on(t.status),
    uniqueIndex('payments_one_pending_uq')
      .on(t.userId, t.paketSoalId)
      .where(sql`status = 'pending'`),
  ],
);

/**
 * An exact-amount order: the package's price plus a unique code among open orders (manual QRIS),
 * or an order placed with a payment gateway. Open until paid, expired, or replaced by a renewal.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paketSoalId: integer('paket_soal_id').references(() => paketSoal.id, { onDelete: 'set null' }),
    harga: integer('harga').notNull(),
    amount: integer('amount').notNull(),
    uniqueCode: integer('unique_code'),
    provider: varchar('provider', { length: 16, enum: ['qris', 'midtrans'] }).notNull(),
    /** The order id the gateway knows (ours, sent when charging); null for manual QRIS. */
    providerOrderId: varchar('provider_order_id', { length: 64 }).unique(),
    /** The QRIS payload the learner scans (dynamic, carrying the amount). */
    qris: text('qris'),
    status: varchar('status', { length: 10, enum: ['open', 'paid', 'expired'] })
      .notNull()
      .default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_orders_user_idx').on(t.userId),
    // A bank statement line (one exact amount) must point at one open order.
    uniqueIndex('payment_orders_open_code_uq')
      .on(t.uniqueCode)
      .where(sql`status = 'open' and unique_code is not null`),
  ],
);

/** Every decision on a payment, in order: who (null = the gateway), what, why, when. */
export const paymentDecisions = pgTable(
  'payment_decisions',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 10, enum: ['confirmed', 'rejected', 'reversed', 'reopened'] }).notNull(),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_decisions_payment_idx').on(t.paymentId)],
);

/** Gateway notifications as received and what was done with each (refusals included). */
export const gatewayNotifications = pgTable('gateway_notifications', {
  id: serial('id').primaryKey(),
  provider: varchar('provider', { length: 16 }).notNull(),
  providerOrderId: varchar('provider_order_id', { length: 64 }),
  transactionStatus: varchar('transaction_status', { length: 32 }),
  outcome: varchar('outcome', { length: 24 }).notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One sitting of a package: the server's clock (each section's end instant) and the saved draft. */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // History outlives a deleted package: the attempt keeps its row, the link goes null.
    paketSoalId: integer('paket_soal_id').references(() => paketSoal.id, { onDelete: 'set null' }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    sesi: varchar('sesi', { length: 10, enum: ['listening', 'written', 'reading', 'finished'] }),
    listeningEndsAt: timestamp('listening_ends_at', { withTimezone: true }),
    writtenEndsAt: timestamp('written_ends_at', { withTimezone: true }),
    readingEndsAt: timestamp('reading_ends_at', { withTimezone: true }),
    answers: jsonb('answers').$type<Record<string, string>>().notNull().default({}),
    currentIndex: integer('current_index').notNull().default(0),
    playedAudio: jsonb('played_audio').$type<number[]>().notNull().default([]),
    /** When each kept answer was given (server clock, ISO 8601), by page: the newest answer wins. */
    answeredAt: jsonb('answered_at').$type<Record<string, string>>().notNull().default({}),
    /** Where each interrupted listening clip stopped, in seconds, by exam index. */
    audioPositions: jsonb('audio_positions').$type<Record<string, number>>().notNull().default({}),
    draftSavedAt: timestamp('draft_saved_at', { withTimezone: true }),
    /** The learner's time factor when the attempt started; every section's end of this attempt uses it. */
    timeFactorPct: integer('time_factor_pct').notNull().default(100),
    /** Set once an admin reopened the attempt after a fault (docs/decisions/010); it can happen once. */
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    reopenedBy: integer('reopened_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    reopenReason: text('reopen_reason'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('exam_attempts_user_idx').on(t.userId),
    uniqueIndex('exam_attempts_one_open_uq')
      .on(t.userId)
      .where(sql`finished_at is null`),
  ],
);

/** A finished attempt's result. Scores by scoring/conversion.json (version stored). */
export const examHistory = pgTable(
  'exam_history',
  {
    id: serial('id').primaryKey(),
    attemptId: integer('attempt_id')
      .notNull()
      .unique()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paketSoalId: integer('paket_soal_id').references(() => paketSoal.id, { onDelete: 'set null' }),
    namaPaket: varchar('nama_paket', { length: 150 }).notNull(),
    listeningScore: integer('listening_score').notNull(),
    structureScore: integer('structure_score').notNull(),
    readingScore: integer('reading_score').notNull(),
    totalScore: integer('total_score').notNull(),
    listeningCorrect: integer('listening_correct').notNull(),
    writtenCorrect: integer('written_correct').notNull(),
    readingCorrect: integer('reading_correct').notNull(),
    cefr: varchar('cefr', { length: 8 }).notNull(),
    tableVersion: varchar('table_version', { length: 32 }).notNull(),
    certificateCode: varchar('certificate_code', { length: 32 }).notNull().unique(),
    answers: jsonb('answers').$type<{ id: number; answer: string }[]>().notNull(),
    /**
     * Each question's outcome as scored, until the learner's Buku Kesalahan and skill records are
     * written from it (then null): those writes cost twice the rest of a submission, so they
     * follow the score instead of delaying it (exam-outcomes.service.ts, decision 023).
     */
    pendingOutcomes: jsonb('pending_outcomes').$type<PendingOutcome[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('exam_history_user_idx').on(t.userId),
    index('exam_history_created_idx').on(t.createdAt),
    index('exam_history_pending_idx')
      .on(t.userId)
      .where(sql`pending_outcomes is not null`),
  ],
);

/** One question's outcome at a submission, as exam_history keeps it until it is recorded. */
export interface PendingOutcome {
  soalId: number;
  skill: string;
  section: SoalSection;
  correct: boolean;
}

/** Admin settings (e.g. the QR-payment image key). */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A listening clip of the free practice bank: a part A dialogue, or a part B/C talk that several
 * items share (stored once; its script is the transcript shown after an answer).
 */
export const practiceClips = pgTable('practice_clips', {
  /** The clip's file name in content/practice/audio, served from /static/practice/. */
  file: varchar('file', { length: 64 }).primaryKey(),
  transcript: text('transcript').notNull(),
});

/** A reading passage of the free practice bank. */
export const practicePassages = pgTable('practice_passages', {
  key: varchar('key', { length: 64 }).primaryKey(),
  nama: varchar('nama', { length: 150 }).notNull(),
  html: text('html').notNull(),
});

/** An item of the free practice bank (content/practice/); the id never changes once published. */
export const practiceItems = pgTable(
  'practice_items',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    section: varchar('section', { length: 16, enum: SECTIONS }).notNull(),
    /** Listening only: A, B or C. */
    part: varchar('part', { length: 1, enum: ['A', 'B', 'C'] }),
    skill: varchar('skill', { length: 32 }).notNull(),
    /** HTML for structure, written and reading; the question as text for listening. */
    soal: text('soal').notNull(),
    pilihan: jsonb('pilihan').$type<string[]>().notNull(),
    jawaban: varchar('jawaban', { length: 1, enum: ['1', '2', '3', '4'] }).notNull(),
    pembahasan: text('pembahasan').notNull(),
    /** Written expression only: the corrected text of the wrong part. */
    koreksi: text('koreksi'),
    clip: varchar('clip', { length: 64 }).references(() => practiceClips.file),
    passage: varchar('passage', { length: 64 }).references(() => practicePassages.key),
    position: integer('position').notNull(),
  },
  (t) => [index('practice_items_skill_idx').on(t.skill), index('practice_items_section_idx').on(t.section)],
);

/**
 * One answer of a learner to one item (a drill, a notebook review, an exam or the mini test):
 * mastery per skill is read from the newest of these. `item` is a practice item reference
 * (contract/practice.ts: `pr-…`, `q-<soal id>`, `mt-<n>`).
 */
export const practiceResponses = pgTable(
  'practice_responses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    item: varchar('item', { length: 32 }).notNull(),
    skill: varchar('skill', { length: 32 }).notNull(),
    section: varchar('section', { length: 16, enum: SECTIONS }).notNull(),
    correct: boolean('correct').notNull(),
    source: varchar('source', { length: 8, enum: ['drill', 'review', 'exam', 'mini'] }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('practice_responses_user_skill_idx').on(t.userId, t.skill, t.answeredAt)],
);

/** Buku Kesalahan: a missed item and its spaced-repetition card (ts-fsrs Card, dates as ISO strings). */
export const mistakes = pgTable(
  'mistakes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    item: varchar('item', { length: 32 }).notNull(),
    skill: varchar('skill', { length: 32 }).notNull(),
    section: varchar('section', { length: 16, enum: SECTIONS }).notNull(),
    source: varchar('source', { length: 8, enum: ['drill', 'exam', 'mini'] }).notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    card: jsonb('card').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('mistakes_user_item_uq').on(t.userId, t.item), index('mistakes_user_due_idx').on(t.userId, t.due)],
);

/** A learner's study plan: the target and the date; the weeks are computed on read. */
export const studyPlans = pgTable('study_plans', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  targetScore: integer('target_score').notNull(),
  examDate: date('exam_date', { mode: 'string' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * What an admin changed: who, what, when, and the entity before and after (secrets removed).
 * Written by the audit hook of every admin mutating route (server/plugins/audit.ts); never updated.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    // The actor's number and name are copied: the entry keeps saying who it was if the account changes.
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorNohp: varchar('actor_nohp', { length: 16 }).notNull(),
    actorNama: varchar('actor_nama', { length: 100 }).notNull(),
    action: varchar('action', { length: 64 }).notNull(),
    entity: varchar('entity', { length: 32 }).notNull(),
    entityId: varchar('entity_id', { length: 64 }),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    /** The reason the admin gave, for actions that ask one (extending a section, reopening an attempt). */
    reason: text('reason'),
    requestId: varchar('request_id', { length: 64 }),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_action_idx').on(t.action, t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
  ],
);
