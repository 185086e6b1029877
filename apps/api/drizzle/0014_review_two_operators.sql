ALTER TABLE "deposits" ADD COLUMN "first_approved_by" uuid;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_by" uuid;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_first_approved_by_users_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_first_approved_by_users_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_first_approval_complete" CHECK (("deposits"."first_approved_by" IS NULL) = ("deposits"."first_approved_at" IS NULL));--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_second_approver_not_first" CHECK ("deposits"."status" <> 'Successful' OR "deposits"."first_approved_by" IS NULL OR "deposits"."reviewer_id" <> "deposits"."first_approved_by");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_first_approval_complete" CHECK (("withdrawals"."first_approved_by" IS NULL) = ("withdrawals"."first_approved_at" IS NULL));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_second_approver_not_first" CHECK ("withdrawals"."status" NOT IN ('Approved', 'Successful') OR "withdrawals"."first_approved_by" IS NULL OR "withdrawals"."reviewer_id" <> "withdrawals"."first_approved_by");