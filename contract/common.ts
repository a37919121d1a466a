import { z } from './zod.ts';

// Default validation messages in Indonesian for every schema (server answers and SPA forms alike).
z.config(z.locales.id());

/** A field-level validation problem, as the SPA shows it (spec section 8: first errors entry's msg). */
export const fieldErrorSchema = z.object({ path: z.string(), msg: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every non-login error answer: an Indonesian message, plus field errors on 400. */
export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Login failures answer `error` (spec section 8: the SPA shows that field). */
export const loginErrorResponseSchema = z.object({ error: z.string(), message: z.string().optional() });

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** The longest reason an admin may give for a decision (reject, reverse, extend, reopen). */
export const REASON_MAX_LENGTH = 500;

/** Bounded free text: keeps 10 KB names and similar out of the database with a clear message. */
export const boundedText = (label: string, max: number) =>
  z
    .string({ error: `${label} wajib diisi.` })
    .trim()
    .min(1, { error: `${label} wajib diisi.` })
    .max(max, { error: `${label} terlalu panjang (maksimal ${max} karakter).` });
