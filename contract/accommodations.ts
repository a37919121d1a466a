import { z } from './zod.ts';
import { REASON_MAX_LENGTH } from './common.ts';
import { TIME_FACTOR_PERCENTS, extendedSeconds, timeFactorLabel, type TimeFactorPercent } from './time-factor.ts';

export { TIME_FACTOR_PERCENTS, timeFactorLabel, extendedSeconds, type TimeFactorPercent };

/** PUT /admin/user/{nohp}/faktor-waktu. */
export const timeFactorBodySchema = z.object({
  faktor_waktu_persen: z.coerce
    .number({ error: 'Faktor waktu harus berupa angka.' })
    .refine((v): v is TimeFactorPercent => (TIME_FACTOR_PERCENTS as readonly number[]).includes(v), {
      error: `Faktor waktu harus salah satu dari ${TIME_FACTOR_PERCENTS.map(timeFactorLabel).join(', ')}.`,
    }),
});
export type TimeFactorBody = z.input<typeof timeFactorBodySchema>;
export const timeFactorResponseSchema = z.object({ message: z.string(), faktor_waktu_persen: z.number() });

/** Minutes an admin may add to a running section at once. */
export const EXTEND_MINUTES_MAX = 60;

const reasonSchema = z
  .string({ error: 'Alasan wajib diisi.' })
  .trim()
  .min(5, { error: 'Alasan wajib diisi (minimal 5 karakter).' })
  .max(REASON_MAX_LENGTH, { error: `Alasan terlalu panjang (maksimal ${REASON_MAX_LENGTH} karakter).` });

export const attemptIdParamSchema = z.object({ attemptId: z.coerce.number().int().positive().max(2_147_483_647) });

/** POST /admin/ujian/{attemptId}/perpanjang: adds minutes to the running section. */
export const extendBodySchema = z.object({
  menit: z.coerce
    .number({ error: 'Tambahan waktu harus berupa angka (menit).' })
    .int({ error: 'Tambahan waktu harus bilangan bulat (menit).' })
    .min(1, { error: 'Tambahan waktu minimal 1 menit.' })
    .max(EXTEND_MINUTES_MAX, { error: `Tambahan waktu maksimal ${EXTEND_MINUTES_MAX} menit.` }),
  alasan: reasonSchema,
});
export type ExtendBody = z.input<typeof extendBodySchema>;

/** POST /admin/ujian/{attemptId}/buka-ulang: reopens an attempt broken by a fault (docs/decisions/010). */
export const reopenBodySchema = z.object({ alasan: reasonSchema });
export type ReopenBody = z.input<typeof reopenBodySchema>;

/** A running or reopenable attempt as the admin's exam history shows it. */
export const adminAttemptSchema = z.object({
  attemptId: z.number(),
  user: z.object({ nama: z.string(), nohp: z.string() }),
  namaPaket: z.string(),
  sesi: z.enum(['listening', 'written', 'reading', 'finished']),
  /** The running section's end instant (ISO), null once finished. */
  endsAt: z.string().nullable(),
  faktor_waktu_persen: z.number(),
  reopenedAt: z.string().nullable(),
  reopenReason: z.string().nullable(),
});
export type AdminAttempt = z.infer<typeof adminAttemptSchema>;

export const adminAttemptListResponseSchema = z.object({ data: z.array(adminAttemptSchema) });
export type AdminAttemptList = z.infer<typeof adminAttemptListResponseSchema>;

export const adminAttemptActionResponseSchema = z.object({ message: z.string(), data: adminAttemptSchema });
export type AdminAttemptActionResponse = z.infer<typeof adminAttemptActionResponseSchema>;
