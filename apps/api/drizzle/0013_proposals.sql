CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"fund_id" uuid,
	"payload" jsonb NOT NULL,
	"content" text,
	"proposed_by" uuid NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"result_id" text,
	CONSTRAINT "proposals_checker_not_maker" CHECK ("proposals"."status" <> 'Approved' OR "proposals"."decided_by" <> "proposals"."proposed_by"),
	CONSTRAINT "proposals_decided_complete" CHECK (("proposals"."status" = 'Pending') = ("proposals"."decided_by" IS NULL AND "proposals"."decided_at" IS NULL)),
	CONSTRAINT "proposals_reject_reason" CHECK (("proposals"."status" = 'Rejected') = ("proposals"."reject_reason" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposals_queue_idx" ON "proposals" USING btree ("status","proposed_at");--> statement-breakpoint
CREATE INDEX "proposals_fund_idx" ON "proposals" USING btree ("fund_id","proposed_at");