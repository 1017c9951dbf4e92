CREATE TABLE "defect_certifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"defect_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"action" text NOT NULL,
	"note" text NOT NULL,
	"signature" "bytea" NOT NULL,
	"signature_content_type" text NOT NULL,
	"certified_by" uuid,
	"certified_by_name" text NOT NULL,
	"certified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inspection_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"item" text NOT NULL,
	"result" text NOT NULL,
	"severity" text,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_inspection_id" uuid NOT NULL,
	"reviewed_id" uuid,
	"reviewer_id" uuid,
	"reviewer_name" text NOT NULL,
	"signature" "bytea" NOT NULL,
	"signature_content_type" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inspections" DROP CONSTRAINT "inspections_author_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "inspections" ALTER COLUMN "author_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "report_retention_months" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "author_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "unit_status_events" ADD COLUMN "inspection_id" uuid;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "defect_certifications" ADD CONSTRAINT "defect_certifications_defect_id_inspection_items_id_fk" FOREIGN KEY ("defect_id") REFERENCES "public"."inspection_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "defect_certifications" ADD CONSTRAINT "defect_certifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "defect_certifications" ADD CONSTRAINT "defect_certifications_certified_by_users_id_fk" FOREIGN KEY ("certified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_items" ADD CONSTRAINT "inspection_items_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_items" ADD CONSTRAINT "inspection_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_items" ADD CONSTRAINT "inspection_items_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reviews" ADD CONSTRAINT "report_reviews_review_inspection_id_inspections_id_fk" FOREIGN KEY ("review_inspection_id") REFERENCES "public"."inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reviews" ADD CONSTRAINT "report_reviews_reviewed_id_inspections_id_fk" FOREIGN KEY ("reviewed_id") REFERENCES "public"."inspections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reviews" ADD CONSTRAINT "report_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "defect_certifications_defect_key" ON "defect_certifications" USING btree ("defect_id");--> statement-breakpoint
CREATE INDEX "defect_certifications_company_idx" ON "defect_certifications" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "defect_certifications_certified_by_idx" ON "defect_certifications" USING btree ("certified_by");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_items_inspection_item_key" ON "inspection_items" USING btree ("inspection_id","item");--> statement-breakpoint
CREATE INDEX "inspection_items_company_defects_idx" ON "inspection_items" USING btree ("company_id","unit_id") WHERE "inspection_items"."result" = 'defect';--> statement-breakpoint
CREATE INDEX "inspection_items_unit_idx" ON "inspection_items" USING btree ("unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_reviews_review_inspection_key" ON "report_reviews" USING btree ("review_inspection_id");--> statement-breakpoint
CREATE INDEX "report_reviews_reviewed_idx" ON "report_reviews" USING btree ("reviewed_id");--> statement-breakpoint
CREATE INDEX "report_reviews_reviewer_idx" ON "report_reviews" USING btree ("reviewer_id");--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_status_events" ADD CONSTRAINT "unit_status_events_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unit_status_events_inspection_idx" ON "unit_status_events" USING btree ("inspection_id");--> statement-breakpoint
-- Hand-written (drizzle-kit does not write data): reports finished before this migration keep their
-- author's name, so they stay named after the author's account is deleted (docs/decisions/011-dvir.md).
UPDATE "inspections" SET "author_name" = coalesce(nullif(trim("users"."first_name" || ' ' || "users"."last_name"), ''), "users"."email")
FROM "users" WHERE "users"."id" = "inspections"."author_id" AND "inspections"."finished_at" IS NOT NULL;
