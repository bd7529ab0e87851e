-- Issue 42: count lines of serial articles, one per unit, keep the serial (1–64 characters) where lot articles keep the lot.
ALTER TABLE "stock_count_lines" ALTER COLUMN "lot" SET DATA TYPE varchar(64);--> statement-breakpoint
ALTER TABLE "stock_count_lines" ALTER COLUMN "lot" SET DEFAULT '';