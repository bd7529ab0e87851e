-- Issue 42: count lines of serial articles, one per unit, keep the serial (1–64 characters) where lot articles keep the
-- lot; a closed line keeps the average cost it was valued at, so the signed-off count list does not change afterwards.
ALTER TABLE "stock_count_lines" ALTER COLUMN "lot" SET DATA TYPE varchar(64);--> statement-breakpoint
ALTER TABLE "stock_count_lines" ALTER COLUMN "lot" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD COLUMN "average_cost" numeric(13, 4);