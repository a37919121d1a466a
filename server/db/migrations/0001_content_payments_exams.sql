CREATE TABLE "exam_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"paket_soal_id" integer,
	"payment_id" integer,
	"sesi" varchar(10),
	"listening_ends_at" timestamp with time zone,
	"written_ends_at" timestamp with time zone,
	"reading_ends_at" timestamp with time zone,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"current_index" integer DEFAULT 0 NOT NULL,
	"played_audio" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"draft_saved_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"attempt_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"paket_soal_id" integer,
	"nama_paket" varchar(150) NOT NULL,
	"listening_score" integer NOT NULL,
	"structure_score" integer NOT NULL,
	"reading_score" integer NOT NULL,
	"total_score" integer NOT NULL,
	"listening_correct" integer NOT NULL,
	"written_correct" integer NOT NULL,
	"reading_correct" integer NOT NULL,
	"cefr" varchar(8) NOT NULL,
	"table_version" varchar(32) NOT NULL,
	"certificate_code" varchar(32) NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_history_attempt_id_unique" UNIQUE("attempt_id"),
	CONSTRAINT "exam_history_certificate_code_unique" UNIQUE("certificate_code")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"mime" varchar(64) NOT NULL,
	"size" integer NOT NULL,
	"paket_soal_id" integer,
	"owner_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paket_soal" (
	"id" serial PRIMARY KEY NOT NULL,
	"nama_paket" varchar(150) NOT NULL,
	"level" varchar(16) DEFAULT 'itp' NOT NULL,
	"harga" integer DEFAULT 0 NOT NULL,
	"status" varchar(8) DEFAULT 'belum' NOT NULL,
	"durasi_listening" integer DEFAULT 2100 NOT NULL,
	"durasi_written" integer DEFAULT 1500 NOT NULL,
	"durasi_reading" integer DEFAULT 3300 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"paket_soal_id" integer,
	"nama_paket" varchar(150) NOT NULL,
	"bukti" varchar(64) NOT NULL,
	"amount" integer NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"alasan_penolakan" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_reading" (
	"id" serial PRIMARY KEY NOT NULL,
	"paket_soal_id" integer NOT NULL,
	"nama" varchar(150) NOT NULL,
	"image" varchar(64),
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "soal" (
	"id" serial PRIMARY KEY NOT NULL,
	"paket_soal_id" integer NOT NULL,
	"section" varchar(16) NOT NULL,
	"no_soal" integer NOT NULL,
	"page" integer NOT NULL,
	"soal" text DEFAULT '' NOT NULL,
	"pilihan_satu" text NOT NULL,
	"pilihan_dua" text NOT NULL,
	"pilihan_tiga" text NOT NULL,
	"pilihan_empat" text NOT NULL,
	"jawaban" varchar(1) NOT NULL,
	"audio" varchar(64),
	"q_reading" integer,
	"pembahasan" text,
	"correct_count" integer DEFAULT 0 NOT NULL,
	"wrong_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "paket_soal_id_aktif" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "paket_terakhir" varchar(150);--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_paket_soal_id_paket_soal_id_fk" FOREIGN KEY ("paket_soal_id") REFERENCES "public"."paket_soal"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_history" ADD CONSTRAINT "exam_history_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_history" ADD CONSTRAINT "exam_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_history" ADD CONSTRAINT "exam_history_paket_soal_id_paket_soal_id_fk" FOREIGN KEY ("paket_soal_id") REFERENCES "public"."paket_soal"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_paket_soal_id_paket_soal_id_fk" FOREIGN KEY ("paket_soal_id") REFERENCES "public"."paket_soal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_paket_soal_id_paket_soal_id_fk" FOREIGN KEY ("paket_soal_id") REFERENCES "public"."paket_soal"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reading" ADD CONSTRAINT "question_reading_paket_soal_id_paket_soal_id_fk" FOREIGN KEY ("paket_soal_id") REFERENCES "public"."paket_soal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soal" ADD CONSTRAINT "soal_paket_soal_id_paket_soal_id_fk" FOREIGN KEY ("paket_soal_id") REFERENCES "public"."paket_soal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soal" ADD CONSTRAINT "soal_q_reading_question_reading_id_fk" FOREIGN KEY ("q_reading") REFERENCES "public"."question_reading"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_attempts_user_idx" ON "exam_attempts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_one_open_uq" ON "exam_attempts" USING btree ("user_id") WHERE finished_at is null;--> statement-breakpoint
CREATE INDEX "exam_history_user_idx" ON "exam_history" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "exam_history_created_idx" ON "exam_history" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "files_paket_idx" ON "files" USING btree ("paket_soal_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_pending_uq" ON "payments" USING btree ("user_id","paket_soal_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "question_reading_paket_idx" ON "question_reading" USING btree ("paket_soal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "soal_paket_page_uq" ON "soal" USING btree ("paket_soal_id","page");--> statement-breakpoint
CREATE UNIQUE INDEX "soal_paket_section_no_uq" ON "soal" USING btree ("paket_soal_id","section","no_soal");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_paket_soal_id_aktif_paket_soal_id_fk" FOREIGN KEY ("paket_soal_id_aktif") REFERENCES "public"."paket_soal"("id") ON DELETE set null ON UPDATE no action;