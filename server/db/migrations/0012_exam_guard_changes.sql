-- Which learner's exam guard (session, user, open attempt) a write changed, told to the process
-- that caches it (docs/decisions/024-exam-guard-cache.md). The database names the user on every
-- insert, update, delete (cascades and set-null included) and truncate of the three tables, so no
-- code path has to remember to. Only a session that asked for it (the embedded database's one
-- session sets toefl.exam_guard_notify) sends anything: PostgreSQL keeps nothing and pays nothing.
CREATE FUNCTION "exam_guard_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('toefl.exam_guard_notify', true) IS DISTINCT FROM 'on' THEN
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
