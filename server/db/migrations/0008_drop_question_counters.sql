ALTER TABLE "soal" DROP COLUMN "correct_count";--> statement-breakpoint
ALTER TABLE "soal" DROP COLUMN "wrong_count";