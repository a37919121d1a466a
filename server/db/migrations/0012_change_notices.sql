-- Changes told to the process that keeps answers in memory (docs/decisions/024-exam-guard-cache.md):
-- on 'exam_guard', which learner's session, user or open attempt a write changed (the database
-- names the learner on every insert, update, delete, cascades and set-null included, and truncate
-- of the three tables, so no code path has to remember to); on 'paket_list', that the public
-- package list's version moved. Only a session that asked for it (the embedded database's one
-- session sets toefl.notify_changes) sends anything: PostgreSQL keeps nothing and pays nothing.
CREATE FUNCTION "exam_guard_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('toefl.notify_changes', true) IS DISTINCT FROM 'on' THEN
		RETURN NULL;
	END IF;
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
CREATE TRIGGER "users_exam_guard" AFTER INSERT OR UPDATE OR DELETE ON "users"
	FOR EACH ROW EXECUTE FUNCTION "exam_guard_changed"();--> statement-breakpoint
CREATE TRIGGER "users_exam_guard_truncate" AFTER TRUNCATE ON "users"
	FOR EACH STATEMENT EXECUTE FUNCTION "exam_guard_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_exam_guard" AFTER INSERT OR UPDATE OR DELETE ON "sessions"
	FOR EACH ROW EXECUTE FUNCTION "exam_guard_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_exam_guard_truncate" AFTER TRUNCATE ON "sessions"
	FOR EACH STATEMENT EXECUTE FUNCTION "exam_guard_changed"();--> statement-breakpoint
CREATE TRIGGER "exam_attempts_exam_guard" AFTER INSERT OR UPDATE OR DELETE ON "exam_attempts"
	FOR EACH ROW EXECUTE FUNCTION "exam_guard_changed"();--> statement-breakpoint
CREATE TRIGGER "exam_attempts_exam_guard_truncate" AFTER TRUNCATE ON "exam_attempts"
	FOR EACH STATEMENT EXECUTE FUNCTION "exam_guard_changed"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_paket_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "paket_list_version" SET "version" = "version" + 1 WHERE "id" = 1;
	IF current_setting('toefl.notify_changes', true) = 'on' THEN
		PERFORM pg_notify('paket_list', '');
	END IF;
	RETURN NULL;
END;
$$;
