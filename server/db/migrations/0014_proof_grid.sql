-- IF NOT EXISTS: a database that recorded this migration under its first, out-of-order journal
-- instant applies it once more after the instant was corrected (drizzle applies what is newer
-- than the newest recorded), and then finds the column there.
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "proof_grid" text;
