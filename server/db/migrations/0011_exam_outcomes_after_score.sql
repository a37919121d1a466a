-- A submission keeps each question's outcome here until the learning records are written from it
-- (docs/decisions/023-learning-records-after-the-score.md); the index finds a learner's pending ones.
ALTER TABLE "exam_history" ADD COLUMN "pending_outcomes" jsonb;--> statement-breakpoint
CREATE INDEX "exam_history_pending_idx" ON "exam_history" USING btree ("user_id") WHERE pending_outcomes is not null;