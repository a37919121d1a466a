-- The public package list's version (its ETag): bumped by the database itself in the same
-- transaction as any change to paket_soal, whichever code path or instance makes it
-- (docs/decisions/017-capacity-load-shedding-and-exact-caches.md). Not in schema.ts on purpose: backups copy
-- content, and a restore bumps it through the same trigger.
CREATE TABLE "paket_list_version" (
	"id" integer PRIMARY KEY CHECK ("id" = 1),
	"version" bigint NOT NULL,
	-- Differs per database, so a version number seen before a restore never names other content.
	"epoch" text NOT NULL
);--> statement-breakpoint
INSERT INTO "paket_list_version" ("id", "version", "epoch") VALUES (1, 1, substr(md5(random()::text || clock_timestamp()::text), 1, 12));--> statement-breakpoint
CREATE FUNCTION "bump_paket_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "paket_list_version" SET "version" = "version" + 1 WHERE "id" = 1;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "paket_soal_list_version"
	AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "paket_soal"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_paket_list_version"();
