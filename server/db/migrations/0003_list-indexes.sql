-- pg_trgm gives the search indexes below (GIN, gin_trgm_ops) their operator classes. A trusted extension
-- since PostgreSQL 13, so the database owner may create it; PGlite loads it in server/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "documents_company_idx";--> statement-breakpoint
DROP INDEX "unit_status_events_unit_idx";--> statement-breakpoint
DROP INDEX "units_company_idx";--> statement-breakpoint
CREATE INDEX "document_units_unit_idx" ON "document_units" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "documents_company_newest_idx" ON "documents" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "documents_author_idx" ON "documents" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "documents_file_name_trgm_idx" ON "documents" USING gin ("file_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "idempotency_keys_user_idx" ON "idempotency_keys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "inspections_unit_finished_idx" ON "inspections" USING btree ("unit_id","kind","finished_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "inspections"."finished_at" is not null;--> statement-breakpoint
CREATE INDEX "inspections_company_idx" ON "inspections" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "inspections_author_idx" ON "inspections" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "inspections_to_user_idx" ON "inspections" USING btree ("to_user_id");--> statement-breakpoint
CREATE INDEX "invitations_company_idx" ON "invitations" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "invitations_invited_by_idx" ON "invitations" USING btree ("invited_by");--> statement-breakpoint
CREATE INDEX "media_company_idx" ON "media" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "media_uploaded_by_idx" ON "media" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "oil_changes_created_by_idx" ON "oil_changes" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sub_type_inspection_types_inspection_type_idx" ON "sub_type_inspection_types" USING btree ("inspection_type_id");--> statement-breakpoint
CREATE INDEX "unit_status_events_unit_newest_idx" ON "unit_status_events" USING btree ("unit_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "unit_status_events_performed_by_idx" ON "unit_status_events" USING btree ("performed_by");--> statement-breakpoint
CREATE INDEX "unit_sub_types_company_idx" ON "unit_sub_types" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "units_company_newest_idx" ON "units" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "units_company_unit_number_idx" ON "units" USING btree ("company_id",lower("unit_number"),"id");--> statement-breakpoint
CREATE INDEX "units_company_vin_idx" ON "units" USING btree ("company_id",lower("vin"),"id");--> statement-breakpoint
CREATE INDEX "units_company_make_idx" ON "units" USING btree ("company_id",lower("make"),"id");--> statement-breakpoint
CREATE INDEX "units_company_model_idx" ON "units" USING btree ("company_id",lower("model"),"id");--> statement-breakpoint
CREATE INDEX "units_company_year_idx" ON "units" USING btree ("company_id","year","id");--> statement-breakpoint
CREATE INDEX "units_company_status_idx" ON "units" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "units_company_status_newest_idx" ON "units" USING btree ("company_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "units_type_newest_idx" ON "units" USING btree ("unit_type_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "units_sub_type_newest_idx" ON "units" USING btree ("unit_sub_type_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "units_search_trgm_idx" ON "units" USING gin (("unit_number" || ' ' || "vin" || ' ' || "make" || ' ' || "model" || ' ' || "plate_number" || ' ' || "year"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_company_role_name_idx" ON "users" USING btree ("company_id","role",lower("first_name"),lower("last_name"),"email","id");