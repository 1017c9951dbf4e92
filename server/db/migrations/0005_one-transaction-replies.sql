CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
-- A claim without a reply can no longer be committed (a request's claim, writes and reply share one
-- transaction); any left by the version before are claims of requests that died, and are dropped.
DELETE FROM "idempotency_keys" WHERE "status" IS NULL;
