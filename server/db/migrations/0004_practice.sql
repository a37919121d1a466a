CREATE TABLE "mistakes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"item" varchar(32) NOT NULL,
	"skill" varchar(32) NOT NULL,
	"section" varchar(16) NOT NULL,
	"source" varchar(8) NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"card" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_clips" (
	"file" varchar(64) PRIMARY KEY NOT NULL,
	"transcript" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_items" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"section" varchar(16) NOT NULL,
	"part" varchar(1),
	"skill" varchar(32) NOT NULL,
	"soal" text NOT NULL,
	"pilihan" jsonb NOT NULL,
	"jawaban" varchar(1) NOT NULL,
	"pembahasan" text NOT NULL,
	"koreksi" text,
	"clip" varchar(64),
	"passage" varchar(64),
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_passages" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"nama" varchar(150) NOT NULL,
	"html" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"item" varchar(32) NOT NULL,
	"skill" varchar(32) NOT NULL,
	"section" varchar(16) NOT NULL,
	"correct" boolean NOT NULL,
	"source" varchar(8) NOT NULL,
	"answered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_plans" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"target_score" integer NOT NULL,
	"exam_date" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mistakes" ADD CONSTRAINT "mistakes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_items" ADD CONSTRAINT "practice_items_clip_practice_clips_file_fk" FOREIGN KEY ("clip") REFERENCES "public"."practice_clips"("file") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_items" ADD CONSTRAINT "practice_items_passage_practice_passages_key_fk" FOREIGN KEY ("passage") REFERENCES "public"."practice_passages"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_responses" ADD CONSTRAINT "practice_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plans" ADD CONSTRAINT "study_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mistakes_user_item_uq" ON "mistakes" USING btree ("user_id","item");--> statement-breakpoint
CREATE INDEX "mistakes_user_due_idx" ON "mistakes" USING btree ("user_id","due");--> statement-breakpoint
CREATE INDEX "practice_items_skill_idx" ON "practice_items" USING btree ("skill");--> statement-breakpoint
CREATE INDEX "practice_items_section_idx" ON "practice_items" USING btree ("section");--> statement-breakpoint
CREATE INDEX "practice_responses_user_skill_idx" ON "practice_responses" USING btree ("user_id","skill","answered_at");