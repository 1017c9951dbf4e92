CREATE TABLE "join_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "join_requests_user_key" ON "join_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "join_requests_company_status_idx" ON "join_requests" USING btree ("company_id","status","created_at");--> statement-breakpoint
-- Type names become unique ignoring case and extra spaces (unit types per company, sub types per unit
-- type, inspection types per company). A database from before may already hold such duplicates. Rather
-- than fail here, or merge rows that units and checklists point at, every later duplicate (by creation)
-- is renamed 'Name (2)', 'Name (3)', … with the first number still free, so nothing is lost and the
-- owner sees which to rename or delete. Built-in inspection types (no company) are not touched.
DO $$
DECLARE
  target record;
  duplicate record;
  candidate text;
  taken boolean;
  n integer;
BEGIN
  FOR target IN SELECT * FROM (VALUES ('unit_types', 'company_id'), ('unit_sub_types', 'unit_type_id'), ('inspection_types', 'company_id')) AS t(tbl, grp) LOOP
    FOR duplicate IN EXECUTE format(
      'SELECT id, grp, name FROM (
         SELECT id, %2$I AS grp, btrim(name) AS name, created_at,
                row_number() OVER (PARTITION BY %2$I, lower(regexp_replace(btrim(name), ''\s+'', '' '', ''g'')) ORDER BY created_at, id) AS rn
         FROM %1$I WHERE %2$I IS NOT NULL) ranked
       WHERE rn > 1 ORDER BY grp, created_at, id', target.tbl, target.grp)
    LOOP
      n := 2;
      LOOP
        candidate := duplicate.name || ' (' || n || ')';
        EXECUTE format(
          'SELECT EXISTS (SELECT 1 FROM %1$I WHERE %2$I = $1 AND lower(regexp_replace(btrim(name), ''\s+'', '' '', ''g'')) = lower(regexp_replace(btrim($2), ''\s+'', '' '', ''g'')))',
          target.tbl, target.grp)
          INTO taken USING duplicate.grp, candidate;
        EXIT WHEN NOT taken;
        n := n + 1;
      END LOOP;
      EXECUTE format('UPDATE %1$I SET name = $1 WHERE id = $2', target.tbl) USING candidate, duplicate.id;
    END LOOP;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE INDEX "documents_file_key_idx" ON "documents" USING btree ("file_key");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_types_company_name_key" ON "inspection_types" USING btree ("company_id",lower(regexp_replace(btrim("name"), '\s+', ' ', 'g')));--> statement-breakpoint
CREATE INDEX "media_file_key_idx" ON "media" USING btree ("file_key");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_sub_types_type_name_key" ON "unit_sub_types" USING btree ("unit_type_id",lower(regexp_replace(btrim("name"), '\s+', ' ', 'g')));--> statement-breakpoint
CREATE UNIQUE INDEX "unit_types_company_name_key" ON "unit_types" USING btree ("company_id",lower(regexp_replace(btrim("name"), '\s+', ' ', 'g')));--> statement-breakpoint
CREATE INDEX "user_documents_file_key_idx" ON "user_documents" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "users_avatar_key_idx" ON "users" USING btree ("avatar_key");