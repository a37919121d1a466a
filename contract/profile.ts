import { z } from './zod.ts';
import { boundedText } from './common.ts';
import { authUserSchema, newPasswordSchema, nohpSchema } from './auth.ts';

export const PROFILE_SAVED = 'Perubahan berhasil disimpan.';
export const PASSWORD_UPDATED = 'Password berhasil diperbarui.';
export const NOHP_TAKEN = 'Nomor HP sudah digunakan akun lain.';
export const OLD_PASSWORD_WRONG = 'Password lama salah.';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * PUT /users/profile text fields (multipart; the optional file part is `profilePic`). `nohp` is the
 * current number and must be the session user's; `newNohp`, when given, becomes the login number.
 */
export const updateProfileFieldsSchema = z.object({
  nohp: z.preprocess(blankToUndefined, nohpSchema.optional()),
  nama: boundedText('Nama', 100),
  newNohp: z.preprocess(blankToUndefined, nohpSchema.optional()),
  email: z
    .string({ error: 'Email wajib diisi.' })
    .trim()
    .min(1, { error: 'Email wajib diisi.' })
    .max(254, { error: 'Email terlalu panjang.' })
    .pipe(z.email({ error: 'Format email tidak valid.' })),
});
export type UpdateProfileFields = z.input<typeof updateProfileFieldsSchema>;

export const updateProfileResponseSchema = z.object({
  message: z.string(),
  user: authUserSchema.pick({ nama: true, nohp: true, profilePic: true }),
});
export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;

/** PUT /users/update-password. */
export const updatePasswordBodySchema = z.object({
  nohp: z.preprocess(blankToUndefined, nohpSchema.optional()),
  oldPassword: z
    .string({ error: 'Password lama wajib diisi.' })
    .min(1, { error: 'Password lama wajib diisi.' })
    .max(200, { error: 'Password terlalu panjang (maksimal 200 karakter).' }),
  newPassword: newPasswordSchema,
});
export type UpdatePasswordBody = z.input<typeof updatePasswordBodySchema>;
