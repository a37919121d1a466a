import { z } from './zod.ts';
import './common.ts';

/** GET /api/site: public settings the SPA needs before anyone signs in (landing page). */
export const siteInfoSchema = z.object({
  appName: z.string(),
  /** The admin's messaging contact in the canonical `62...` form, or null when none is configured. */
  adminWhatsapp: z
    .string()
    .regex(/^\d{8,15}$/)
    .nullable(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
