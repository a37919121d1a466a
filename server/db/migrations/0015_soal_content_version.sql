-- The version of every package's content as the exam reads it (GET /soal: the package row, its
-- questions and passages): bumped by the database itself in the same transaction as any change to
-- paket_soal, soal or question_reading, whichever code path, instance or psql session makes it, so
-- an answer kept in memory under one version is exactly the content of that version
-- (docs/decisions/035-the-questions-kept-whole.md).
-- Not in schema.ts, as paket_list_version (0010): a restore bumps it through the same triggers.
CREATE TABLE "soal_content_version" (
	"id" integer PRIMARY KEY CHECK ("id" = 1),
	"version" bigint NOT NULL,
	-- Differs per database, so a version number seen before a restore never names other content.
	"epoch" text NOT NULL
);--> statement-breakpoint
INSERT INTO "soal_content_version" ("id", "version", "epoch") VALUES (1, 1, substr(md5(random()::text || clock_timestamp()::text), 1, 12));--> statement-breakpoint
CREATE FUNCTION "bump_soal_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "soal_content_version" SET "version" = "version" + 1 WHERE "id" = 1;
	-- Told to every process that keeps the exam's questions (decisions 024, 027 and 035).
	PERFORM pg_notify('soal_content', '');
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "soal_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "soal"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_soal_content_version"();--> statement-breakpoint
CREATE TRIGGER "question_reading_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "question_reading"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_soal_content_version"();--> statement-breakpoint
CREATE TRIGGER "paket_soal_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "paket_soal"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_soal_content_version"();
