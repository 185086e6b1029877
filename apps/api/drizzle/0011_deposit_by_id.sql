CREATE TABLE "bank_statement_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"lines" integer NOT NULL,
	"added" integer NOT NULL,
	"imported_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"bank_ref" text NOT NULL,
	"booked_at" timestamp with time zone NOT NULL,
	"amount" bigint NOT NULL,
	"source_sheba" text NOT NULL,
	"raw_payment_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"status" text NOT NULL,
	"user_id" uuid,
	"deposit_id_id" uuid,
	"cap_day" text,
	"accepted" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"credited" bigint DEFAULT 0 NOT NULL,
	"return_amount" bigint DEFAULT 0 NOT NULL,
	"return_fee" bigint DEFAULT 0 NOT NULL,
	"return_reason" text,
	"return_at" timestamp with time zone,
	"match_journal_id" uuid,
	"return_journal_id" uuid,
	"matched_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_lines_amount_positive" CHECK ("bank_statement_lines"."amount" > 0),
	CONSTRAINT "bank_statement_lines_split" CHECK ("bank_statement_lines"."status" = 'Pending' OR ("bank_statement_lines"."accepted" = "bank_statement_lines"."credited" + "bank_statement_lines"."fee" AND "bank_statement_lines"."accepted" + "bank_statement_lines"."return_amount" = "bank_statement_lines"."amount" AND "bank_statement_lines"."return_fee" <= "bank_statement_lines"."return_amount" AND "bank_statement_lines"."credited" >= 0 AND "bank_statement_lines"."fee" >= 0 AND "bank_statement_lines"."return_fee" >= 0)),
	CONSTRAINT "bank_statement_lines_return_complete" CHECK (("bank_statement_lines"."status" IN ('Returning', 'Returned')) = ("bank_statement_lines"."return_amount" > 0 AND "bank_statement_lines"."return_reason" IS NOT NULL AND "bank_statement_lines"."return_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "deposit_ids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"sheba" text NOT NULL,
	"payment_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_ids_payment_id_format" CHECK ("deposit_ids"."payment_id" ~ '^[1-9][0-9]{11}$')
);
--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD CONSTRAINT "bank_statement_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_import_id_bank_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."bank_statement_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_deposit_id_id_deposit_ids_id_fk" FOREIGN KEY ("deposit_id_id") REFERENCES "public"."deposit_ids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_match_journal_id_ledger_journals_id_fk" FOREIGN KEY ("match_journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_return_journal_id_ledger_journals_id_fk" FOREIGN KEY ("return_journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_ids" ADD CONSTRAINT "deposit_ids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_ids" ADD CONSTRAINT "deposit_ids_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_bank_ref_uq" ON "bank_statement_lines" USING btree ("bank_ref");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_status_idx" ON "bank_statement_lines" USING btree ("status","booked_at");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_user_idx" ON "bank_statement_lines" USING btree ("user_id","cap_day");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_ids_payment_id_uq" ON "deposit_ids" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_ids_user_sheba_uq" ON "deposit_ids" USING btree ("user_id","sheba");