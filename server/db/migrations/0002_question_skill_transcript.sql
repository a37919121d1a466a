-- Rows that exist before skills get the commonest skill of their section (listening by part:
-- 1-30 part A, 31-38 part B, 39-50 part C); the demo package is re-tagged from its content at start.
ALTER TABLE "soal" ADD COLUMN "skill" varchar(32);--> statement-breakpoint
UPDATE "soal" SET "skill" = CASE
  WHEN "section" = 'listening' AND "no_soal" <= 30 THEN 'la-paraphrase'
  WHEN "section" = 'listening' AND "no_soal" <= 38 THEN 'lb-detail'
  WHEN "section" = 'listening' THEN 'lc-detail'
  WHEN "section" = 'structure' THEN 'st-verb-form'
  WHEN "section" = 'written' THEN 'we-word-form'
  ELSE 'rd-detail'
END;--> statement-breakpoint
ALTER TABLE "soal" ALTER COLUMN "skill" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "soal" ADD COLUMN "transcript" text;--> statement-breakpoint
ALTER TABLE "soal" ADD COLUMN "spoken_question" text;
