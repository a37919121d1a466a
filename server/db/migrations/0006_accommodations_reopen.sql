ALTER TABLE "exam_attempts" ADD COLUMN "time_factor_pct" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "reopened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "reopened_by" integer;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "reopen_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_factor_pct" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_reopened_by_users_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;