ALTER TABLE "api_metrics" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "api_metrics" ADD COLUMN "unit" text;--> statement-breakpoint
ALTER TABLE "api_metrics" ADD COLUMN "true_label" text;--> statement-breakpoint
ALTER TABLE "api_metrics" ADD COLUMN "false_label" text;--> statement-breakpoint
ALTER TABLE "bay_metrics" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "bay_metrics" ADD COLUMN "unit" text;--> statement-breakpoint
ALTER TABLE "bay_metrics" ADD COLUMN "true_label" text;--> statement-breakpoint
ALTER TABLE "bay_metrics" ADD COLUMN "false_label" text;