CREATE TABLE "adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason_code" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"maker_id" uuid NOT NULL,
	"checker_id" uuid,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"user_frozen_at_decision" boolean,
	"journal_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adjustments_amount_positive" CHECK ("adjustments"."amount" > 0),
	CONSTRAINT "adjustments_checker_not_maker" CHECK ("adjustments"."status" <> 'Approved' OR "adjustments"."checker_id" <> "adjustments"."maker_id"),
	CONSTRAINT "adjustments_decided_complete" CHECK (("adjustments"."status" = 'Pending') = ("adjustments"."checker_id" IS NULL AND "adjustments"."decided_at" IS NULL AND "adjustments"."user_frozen_at_decision" IS NULL)),
	CONSTRAINT "adjustments_journal_iff_approved" CHECK (("adjustments"."status" = 'Approved') = ("adjustments"."journal_id" IS NOT NULL)),
	CONSTRAINT "adjustments_reject_reason" CHECK (("adjustments"."status" = 'Rejected') = ("adjustments"."reject_reason" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_maker_id_users_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_checker_id_users_id_fk" FOREIGN KEY ("checker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adjustments_status_idx" ON "adjustments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "adjustments_user_idx" ON "adjustments" USING btree ("user_id","created_at");