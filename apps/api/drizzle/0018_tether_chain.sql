CREATE SEQUENCE "chain_address_index_seq" AS integer MINVALUE 0 START WITH 0 MAXVALUE 2147483647;
--> statement-breakpoint
CREATE TABLE "chain_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"address_index" integer DEFAULT nextval('chain_address_index_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_accounts_addressIndex_unique" UNIQUE("address_index")
);
--> statement-breakpoint
CREATE TABLE "chain_cursors" (
	"network" text PRIMARY KEY NOT NULL,
	"last_scanned_block" bigint,
	"last_scanned_hash" text,
	"head" bigint,
	"last_scan_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"lease_owner" text,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chain_deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"token" text NOT NULL,
	"raw_value" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"ignore_reason" text,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"required_confirmations" integer NOT NULL,
	"journal_id" uuid,
	"credited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_deposits_credited" CHECK (("chain_deposits"."status" = 'Credited') = ("chain_deposits"."journal_id" IS NOT NULL)),
	CONSTRAINT "chain_deposits_ignored" CHECK (("chain_deposits"."status" = 'Ignored') = ("chain_deposits"."ignore_reason" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "chain_networks" (
	"network" text PRIMARY KEY NOT NULL,
	"confirmations" integer NOT NULL,
	"min_deposit" bigint NOT NULL,
	"withdrawal_fee" bigint NOT NULL,
	"min_withdrawal" bigint NOT NULL,
	"max_withdrawal" bigint NOT NULL,
	"deposit_enabled" boolean DEFAULT true NOT NULL,
	"withdrawal_enabled" boolean DEFAULT true NOT NULL,
	"deposit_disabled_reason" text,
	"withdrawal_disabled_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_networks_confirmations" CHECK ("chain_networks"."confirmations" BETWEEN 1 AND 1000),
	CONSTRAINT "chain_networks_figures" CHECK ("chain_networks"."min_deposit" >= 0 AND "chain_networks"."withdrawal_fee" >= 0 AND "chain_networks"."min_withdrawal" >= 0 AND "chain_networks"."max_withdrawal" >= "chain_networks"."min_withdrawal"),
	CONSTRAINT "chain_networks_deposit_reason" CHECK ("chain_networks"."deposit_enabled" OR "chain_networks"."deposit_disabled_reason" IS NOT NULL),
	CONSTRAINT "chain_networks_withdrawal_reason" CHECK ("chain_networks"."withdrawal_enabled" OR "chain_networks"."withdrawal_disabled_reason" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "chain_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"daily_withdrawal_limit" bigint NOT NULL,
	"review_above" bigint NOT NULL,
	"second_review_above" bigint NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_settings_one_row" CHECK ("chain_settings"."id" = 1),
	CONSTRAINT "chain_settings_bounds" CHECK ("chain_settings"."second_review_above" >= "chain_settings"."review_above" AND "chain_settings"."review_above" >= 0)
);
--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"user_id" uuid NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"address_index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_addresses_user_id_network_pk" PRIMARY KEY("user_id","network")
);
--> statement-breakpoint
CREATE TABLE "sandbox_chain_blocks" (
	"network" text NOT NULL,
	"number" bigint NOT NULL,
	"hash" text NOT NULL,
	"mined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_chain_blocks_network_number_pk" PRIMARY KEY("network","number")
);
--> statement-breakpoint
CREATE TABLE "sandbox_chain_transfers" (
	"network" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint,
	"token" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"raw_value" text NOT NULL,
	"success" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_chain_transfers_network_tx_hash_log_index_pk" PRIMARY KEY("network","tx_hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "tether_address_book" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"usable_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tether_whitelist" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"on" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tether_withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"address_book_id" uuid,
	"address_label" text,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"status" text NOT NULL,
	"request_day" text NOT NULL,
	"approvals_needed" integer NOT NULL,
	"first_approved_by" uuid,
	"first_approved_at" timestamp with time zone,
	"reviewer_id" uuid,
	"reviewed_at" timestamp with time zone,
	"reject_reason" text,
	"review_comment" text,
	"tx_hash" text,
	"block_number" bigint,
	"confirmations" integer,
	"required_confirmations" integer NOT NULL,
	"sent_asked_at" timestamp with time zone,
	"hold_journal_id" uuid NOT NULL,
	"end_journal_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tether_withdrawals_amounts" CHECK ("tether_withdrawals"."amount" > 0 AND "tether_withdrawals"."fee" >= 0),
	CONSTRAINT "tether_withdrawals_approvals" CHECK ("tether_withdrawals"."approvals_needed" BETWEEN 0 AND 2)
);
--> statement-breakpoint
ALTER TABLE "chain_accounts" ADD CONSTRAINT "chain_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_settings" ADD CONSTRAINT "chain_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tether_address_book" ADD CONSTRAINT "tether_address_book_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tether_whitelist" ADD CONSTRAINT "tether_whitelist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tether_withdrawals" ADD CONSTRAINT "tether_withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tether_withdrawals" ADD CONSTRAINT "tether_withdrawals_address_book_id_tether_address_book_id_fk" FOREIGN KEY ("address_book_id") REFERENCES "public"."tether_address_book"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tether_withdrawals" ADD CONSTRAINT "tether_withdrawals_first_approved_by_users_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tether_withdrawals" ADD CONSTRAINT "tether_withdrawals_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tether_withdrawals" ADD CONSTRAINT "tether_withdrawals_hold_journal_id_ledger_journals_id_fk" FOREIGN KEY ("hold_journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tether_withdrawals" ADD CONSTRAINT "tether_withdrawals_end_journal_id_ledger_journals_id_fk" FOREIGN KEY ("end_journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_deposits_transfer_uq" ON "chain_deposits" USING btree ("network","tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "chain_deposits_user_idx" ON "chain_deposits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "chain_deposits_confirming_idx" ON "chain_deposits" USING btree ("network","block_number") WHERE status = 'Confirming';--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_address_uq" ON "deposit_addresses" USING btree ("network","address");--> statement-breakpoint
CREATE INDEX "sandbox_chain_transfers_block_idx" ON "sandbox_chain_transfers" USING btree ("network","block_number");--> statement-breakpoint
CREATE UNIQUE INDEX "tether_address_book_uq" ON "tether_address_book" USING btree ("user_id","network","address");--> statement-breakpoint
CREATE INDEX "tether_withdrawals_user_idx" ON "tether_withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tether_withdrawals_user_day_idx" ON "tether_withdrawals" USING btree ("user_id","request_day");--> statement-breakpoint
CREATE INDEX "tether_withdrawals_open_idx" ON "tether_withdrawals" USING btree ("status","created_at") WHERE status IN ('Pending', 'Approved', 'Sending', 'Sent');--> statement-breakpoint
CREATE UNIQUE INDEX "tether_withdrawals_tx_uq" ON "tether_withdrawals" USING btree ("network","tx_hash") WHERE tx_hash IS NOT NULL;
--> statement-breakpoint
INSERT INTO "chain_networks" ("network", "confirmations", "min_deposit", "withdrawal_fee", "min_withdrawal", "max_withdrawal") VALUES
  ('TRC20', 19, 1000000, 1000000, 10000000, 100000000000),
  ('ERC20', 12, 10000000, 5000000, 20000000, 100000000000),
  ('BEP20', 15, 1000000, 500000, 10000000, 100000000000);
--> statement-breakpoint
INSERT INTO "chain_settings" ("id", "daily_withdrawal_limit", "review_above", "second_review_above") VALUES (1, 200000000000, 1000000000, 10000000000);
--> statement-breakpoint
INSERT INTO "chain_cursors" ("network") VALUES ('TRC20'), ('ERC20'), ('BEP20');
