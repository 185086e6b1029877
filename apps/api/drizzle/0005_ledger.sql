CREATE TABLE "idempotency_records" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"operation" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_records_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"code" text NOT NULL,
	"currency" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_user_balance_nonneg" CHECK ("ledger_accounts"."user_id" IS NULL OR "ledger_accounts"."balance" >= 0),
	CONSTRAINT "ledger_accounts_user_code" CHECK ("ledger_accounts"."user_id" IS NULL OR "ledger_accounts"."code" IN ('available', 'held'))
);
--> statement-breakpoint
CREATE TABLE "ledger_journals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ref_type" text NOT NULL,
	"ref_id" text NOT NULL,
	"memo" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"journal_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_postings_amount_nonzero" CHECK ("ledger_postings"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "idempotency_records" ADD CONSTRAINT "idempotency_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_uq" ON "ledger_accounts" USING btree ("user_id","code","currency") WHERE user_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_uq" ON "ledger_accounts" USING btree ("code","currency") WHERE user_id IS NULL;--> statement-breakpoint
CREATE INDEX "ledger_journals_ref_idx" ON "ledger_journals" USING btree ("ref_type","ref_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_idx" ON "ledger_postings" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_postings_journal_idx" ON "ledger_postings" USING btree ("journal_id");--> statement-breakpoint
-- Ledger rules the database keeps whatever the code does (decision 016).
-- 1. A posting moves its account's balance (the only way a balance changes) and records the balance after it.
--    A user's balance below zero violates ledger_accounts_user_balance_nonneg: the whole transaction fails.
CREATE OR REPLACE FUNCTION ledger_apply_posting() RETURNS trigger AS $$
DECLARE
  acct_currency text;
BEGIN
  PERFORM set_config('ledger.posting', 'on', true);
  UPDATE ledger_accounts SET balance = balance + NEW.amount
    WHERE id = NEW.account_id
    RETURNING balance, currency INTO NEW.balance_after, acct_currency;
  PERFORM set_config('ledger.posting', 'off', true);
  IF acct_currency IS NULL THEN
    RAISE EXCEPTION 'ledger account % does not exist', NEW.account_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF acct_currency <> NEW.currency THEN
    RAISE EXCEPTION 'posting currency % differs from account currency %', NEW.currency, acct_currency
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_postings_currency_matches';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_apply BEFORE INSERT ON "ledger_postings"
  FOR EACH ROW EXECUTE FUNCTION ledger_apply_posting();
--> statement-breakpoint
-- 2. A balance is never written directly.
CREATE OR REPLACE FUNCTION ledger_guard_balance() RETURNS trigger AS $$
BEGIN
  IF NEW.balance IS DISTINCT FROM OLD.balance AND coalesce(current_setting('ledger.posting', true), 'off') <> 'on' THEN
    RAISE EXCEPTION 'ledger balances change only through postings' USING ERRCODE = 'check_violation',
      CONSTRAINT = 'ledger_accounts_balance_by_postings';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_guard_balance BEFORE UPDATE ON "ledger_accounts"
  FOR EACH ROW EXECUTE FUNCTION ledger_guard_balance();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_accounts_new_balance_zero() RETURNS trigger AS $$
BEGIN
  IF NEW.balance <> 0 THEN
    RAISE EXCEPTION 'a ledger account opens at zero' USING ERRCODE = 'check_violation',
      CONSTRAINT = 'ledger_accounts_balance_by_postings';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_open_at_zero BEFORE INSERT ON "ledger_accounts"
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_new_balance_zero();
--> statement-breakpoint
-- 3. At commit, every journal's postings sum to zero per currency.
CREATE OR REPLACE FUNCTION ledger_check_journal_balanced() RETURNS trigger AS $$
DECLARE
  bad record;
BEGIN
  SELECT currency, sum(amount) AS total INTO bad FROM ledger_postings
    WHERE journal_id = NEW.journal_id GROUP BY currency HAVING sum(amount) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'journal % does not balance in %: %', NEW.journal_id, bad.currency, bad.total
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_journal_balanced';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_postings_balanced AFTER INSERT ON "ledger_postings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_journal_balanced();
--> statement-breakpoint
-- 4. Journals and postings are append-only.
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON "ledger_postings"
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_journals_append_only BEFORE UPDATE OR DELETE ON "ledger_journals"
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
