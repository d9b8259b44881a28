DROP INDEX "users_company_idx";--> statement-breakpoint
DROP INDEX "sessions_user_idx";--> statement-breakpoint
DROP INDEX "news_company_list_idx";--> statement-breakpoint
DROP INDEX "news_company_created_idx";--> statement-breakpoint
DROP INDEX "news_purge_idx";--> statement-breakpoint
DROP INDEX "news_returned_idx";--> statement-breakpoint
DROP INDEX "activity_company_created_idx";--> statement-breakpoint
DROP INDEX "api_keys_company_idx";--> statement-breakpoint
DROP INDEX "bulletin_items_bulletin_idx";--> statement-breakpoint
DROP INDEX "bulletins_company_idx";--> statement-breakpoint
DROP INDEX "prompter_sessions_prompter_idx";--> statement-breakpoint
DROP INDEX "prompters_company_idx";--> statement-breakpoint
DROP INDEX "equipment_company_idx";--> statement-breakpoint
DROP INDEX "equipment_activities_company_idx";--> statement-breakpoint
DROP INDEX "equipment_alerts_lookup_idx";--> statement-breakpoint
DROP INDEX "equipment_requests_company_idx";--> statement-breakpoint
DROP INDEX "equipment_requests_status_idx";--> statement-breakpoint
DROP INDEX "equipment_requests_equipment_idx";--> statement-breakpoint
DROP INDEX "extension_requests_request_idx";--> statement-breakpoint
DROP INDEX "notification_preferences_company_idx";--> statement-breakpoint
DROP INDEX "wire_feeds_due_idx";--> statement-breakpoint
DROP INDEX "wire_items_company_published_idx";--> statement-breakpoint
DROP INDEX "wire_items_feed_published_idx";--> statement-breakpoint
DROP INDEX "wire_stories_company_idx";--> statement-breakpoint
DROP INDEX "as_run_company_at_idx";--> statement-breakpoint
DROP INDEX "as_run_company_type_at_idx";--> statement-breakpoint
DROP INDEX "as_run_company_user_at_idx";--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "news_company_list_idx" ON "news" USING btree ("company_id","is_deleted","status","created_at","id");--> statement-breakpoint
CREATE INDEX "news_company_created_idx" ON "news" USING btree ("company_id","is_deleted","created_at","id");--> statement-breakpoint
CREATE INDEX "news_purge_idx" ON "news" USING btree ("is_deleted","scheduled_for_deletion","id");--> statement-breakpoint
CREATE INDEX "news_returned_idx" ON "news" USING btree ("company_id","created_by","id") WHERE returned_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "activity_company_created_idx" ON "activity_logs" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "api_keys_company_idx" ON "api_keys" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "bulletin_items_bulletin_idx" ON "bulletin_items" USING btree ("bulletin_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "bulletins_company_idx" ON "bulletins" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "prompter_sessions_prompter_idx" ON "prompter_sessions" USING btree ("prompter_id","id");--> statement-breakpoint
CREATE INDEX "prompters_company_idx" ON "prompters" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "equipment_company_idx" ON "equipment" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "equipment_activities_company_idx" ON "equipment_activities" USING btree ("company_id","timestamp","id");--> statement-breakpoint
CREATE INDEX "equipment_alerts_lookup_idx" ON "equipment_alerts" USING btree ("company_id","kind","request_id","created_at","id");--> statement-breakpoint
CREATE INDEX "equipment_requests_company_idx" ON "equipment_requests" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "equipment_requests_status_idx" ON "equipment_requests" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "equipment_requests_equipment_idx" ON "equipment_requests" USING btree ("equipment_id","id");--> statement-breakpoint
CREATE INDEX "extension_requests_request_idx" ON "extension_requests" USING btree ("original_request_id","id");--> statement-breakpoint
CREATE INDEX "notification_preferences_company_idx" ON "notification_preferences" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "wire_feeds_due_idx" ON "wire_feeds" USING btree ("enabled","next_poll_at","id");--> statement-breakpoint
CREATE INDEX "wire_items_company_published_idx" ON "wire_items" USING btree ("company_id","published_at","id");--> statement-breakpoint
CREATE INDEX "wire_items_feed_published_idx" ON "wire_items" USING btree ("feed_id","published_at","id");--> statement-breakpoint
CREATE INDEX "wire_stories_company_idx" ON "wire_stories" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "as_run_company_at_idx" ON "as_run" USING btree ("company_id","at","id");--> statement-breakpoint
CREATE INDEX "as_run_company_type_at_idx" ON "as_run" USING btree ("company_id","type","at","id");--> statement-breakpoint
CREATE INDEX "as_run_company_user_at_idx" ON "as_run" USING btree ("company_id","user_id","at","id");