-- Every database tells of changes now, PostgreSQL too (docs/decisions/027-postgres-told-of-changes.md):
-- each server process listens and keeps the exam guard and the package list in memory, so the
-- notices are sent whoever writes (any instance, psql, a restore), with no session setting.
-- A draft save (only the columns a draft writes changed) is not told: no kept answer depends on
-- them, because every write that reads them does so on the row version it read (xmin), and a
-- stale version only sends that write down its locking path. That keeps the commonest exam write
-- free of the notify queue, whose commits PostgreSQL serialises.
CREATE OR REPLACE FUNCTION "exam_guard_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	was "exam_attempts";
	now_row "exam_attempts";
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		PERFORM pg_notify('exam_guard', '*');
	ELSIF TG_TABLE_NAME = 'users' THEN
		IF TG_OP <> 'INSERT' THEN
			PERFORM pg_notify('exam_guard', OLD.id::text);
		END IF;
		IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.id IS DISTINCT FROM OLD.id) THEN
			PERFORM pg_notify('exam_guard', NEW.id::text);
		END IF;
	ELSE
		IF TG_TABLE_NAME = 'exam_attempts' AND TG_OP = 'UPDATE' THEN
			-- The row with the draft's columns put back: unchanged means a draft save. Any column
			-- added later is told by default.
			was := OLD;
			now_row := NEW;
			now_row."answers" := was."answers";
			now_row."answered_at" := was."answered_at";
			now_row."current_index" := was."current_index";
			now_row."played_audio" := was."played_audio";
			now_row."audio_positions" := was."audio_positions";
			now_row."draft_saved_at" := was."draft_saved_at";
			IF now_row IS NOT DISTINCT FROM was THEN
				RETURN NULL;
			END IF;
		END IF;
		IF TG_OP <> 'INSERT' THEN
			PERFORM pg_notify('exam_guard', OLD.user_id::text);
		END IF;
		IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
			PERFORM pg_notify('exam_guard', NEW.user_id::text);
		END IF;
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_paket_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "paket_list_version" SET "version" = "version" + 1 WHERE "id" = 1;
	PERFORM pg_notify('paket_list', '');
	RETURN NULL;
END;
$$;
