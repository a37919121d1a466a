import { z } from './zod.ts';
import { boundedText } from './common.ts';
import { parseIndonesianMobile } from './phone.ts';

export const roleSchema = z.enum(['User', 'Admin']);
export type Role = z.infer<typeof roleSchema>;

export const PHONE_INVALID_MESSAGE = 'Nomor HP tidak valid. Gunakan nomor ponsel Indonesia, misalnya 081234567890.';

/** A phone number in any accepted spelling (0812..., +62812..., 62812...), parsed to the 62... form. */
export const nohpSchema = z
  .string({ error: 'Nomor HP wajib diisi.' })
  .max(32, { error: PHONE_INVALID_MESSAGE })
  .transform((raw, ctx) => {
    const canonical = parseIndonesianMobile(raw);
    if (!canonical) {
      ctx.addIssue({ code: 'custom', message: PHONE_INVALID_MESSAGE });
      return z.NEVER;
    }
    return canonical;
  });

export const passwordSchema = z
  .string({ error: 'Password wajib diisi.' })
  .min(1, { error: 'Password wajib diisi.' })
  .max(200, { error: 'Password terlalu panjang (maksimal 200 karakter).' });

/** A new password: at least 8 characters (checked by the server; the spec shows no client rule). */
export const newPasswordSchema = passwordSchema.refine((p) => p.length >= 8, {
  error: 'Password minimal 8 karakter.',
});

export const registerBodySchema = z.object({
  nohp: nohpSchema,
  nama: boundedText('Nama lengkap', 100),
  email: z
    .string({ error: 'Email wajib diisi.' })
    .trim()
    .max(254, { error: 'Email terlalu panjang.' })
    .pipe(z.email({ error: 'Format email tidak valid.' })),
  password: newPasswordSchema,
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  nohp: nohpSchema,
  password: passwordSchema,
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** The signed-in user as the SPA keeps it (spec section 3). profilePic is a path on the API host. */
export const authUserSchema = z.object({
  nohp: z.string(),
  nama: z.string(),
  role: roleSchema,
  profilePic: z.string().nullable(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const loginResponseSchema = authUserSchema;
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const registerResponseSchema = z.object({
  message: z.string(),
  data: z.object({ id: z.number(), nohp: z.string(), nama: z.string(), email: z.string(), role: roleSchema }),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const getAuthResponseSchema = z.object({ dataUser: authUserSchema });
export type GetAuthResponse = z.infer<typeof getAuthResponseSchema>;

export const detailUserResponseSchema = authUserSchema.extend({ email: z.string() });
export type DetailUserResponse = z.infer<typeof detailUserResponseSchema>;
