ALTER TABLE "media" ADD COLUMN "poster_key" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "location_accuracy" double precision;--> statement-breakpoint
CREATE UNIQUE INDEX "media_file_key_key" ON "media" USING btree ("file_key");