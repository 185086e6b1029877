-- 0020_risk_quiz (issue 20): written by its owner; see decision 045.
-- The risk quiz: versions (a draft an operator edits, the one published version investors answer, retired
-- ones kept for the answers given to them), their questions and options (texts in fa/en/ar, a score per
-- option), and each investor's answer sets. A version's questions and options change only while it is a draft,
-- so an answer set keeps the version it answered. A fund purchase records the latest result it was compared
-- with and whether the investor confirmed a purchase riskier than it.
CREATE TABLE "risk_quiz_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"status" text NOT NULL,
	"created_by" uuid,
	"published_by" uuid,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_quiz_versions_number_uq" UNIQUE("number"),
	CONSTRAINT "risk_quiz_versions_status" CHECK ("risk_quiz_versions"."status" IN ('draft', 'published', 'retired')),
	CONSTRAINT "risk_quiz_versions_published" CHECK (("risk_quiz_versions"."status" = 'draft') = ("risk_quiz_versions"."published_at" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "risk_quiz_versions_one_published" ON "risk_quiz_versions" USING btree ("status") WHERE status = 'published';--> statement-breakpoint
CREATE UNIQUE INDEX "risk_quiz_versions_one_draft" ON "risk_quiz_versions" USING btree ("status") WHERE status = 'draft';--> statement-breakpoint
ALTER TABLE "risk_quiz_versions" ADD CONSTRAINT "risk_quiz_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_quiz_versions" ADD CONSTRAINT "risk_quiz_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "risk_quiz_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"text" jsonb NOT NULL,
	CONSTRAINT "risk_quiz_questions_version_position_uq" UNIQUE("version_id","position"),
	CONSTRAINT "risk_quiz_questions_version_id_uq" UNIQUE("version_id","id"),
	CONSTRAINT "risk_quiz_questions_position" CHECK ("risk_quiz_questions"."position" >= 0)
);
--> statement-breakpoint
ALTER TABLE "risk_quiz_questions" ADD CONSTRAINT "risk_quiz_questions_version_id_risk_quiz_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."risk_quiz_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "risk_quiz_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"text" jsonb NOT NULL,
	"score" smallint NOT NULL,
	CONSTRAINT "risk_quiz_options_question_position_uq" UNIQUE("question_id","position"),
	CONSTRAINT "risk_quiz_options_question_id_uq" UNIQUE("question_id","id"),
	CONSTRAINT "risk_quiz_options_position" CHECK ("risk_quiz_options"."position" >= 0),
	CONSTRAINT "risk_quiz_options_score" CHECK ("risk_quiz_options"."score" BETWEEN 0 AND 10)
);
--> statement-breakpoint
ALTER TABLE "risk_quiz_options" ADD CONSTRAINT "risk_quiz_options_question_id_risk_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."risk_quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Only a draft's questions and options change; a published or retired version is what its answers answered.
CREATE OR REPLACE FUNCTION risk_quiz_only_drafts_change() RETURNS trigger AS $$
DECLARE
  v_status text;
  v_version uuid;
BEGIN
  IF TG_TABLE_NAME = 'risk_quiz_questions' THEN
    v_version := COALESCE(NEW.version_id, OLD.version_id);
    IF TG_OP = 'UPDATE' AND OLD.version_id IS DISTINCT FROM NEW.version_id THEN
      RAISE EXCEPTION 'risk quiz question moved between versions' USING ERRCODE = 'check_violation';
    END IF;
  ELSE
    SELECT q.version_id INTO v_version FROM risk_quiz_questions q WHERE q.id = COALESCE(NEW.question_id, OLD.question_id);
  END IF;
  SELECT v.status INTO v_status FROM risk_quiz_versions v WHERE v.id = v_version;
  -- No version: it is being deleted (a discarded draft), and its questions with it.
  IF v_status IS NOT NULL AND v_status <> 'draft' THEN
    RAISE EXCEPTION 'risk quiz version % is %, only a draft changes', v_version, v_status USING ERRCODE = 'check_violation';
  END IF;
  RETURN COALESCE(NEW, OLD);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER risk_quiz_questions_only_drafts BEFORE INSERT OR UPDATE OR DELETE ON "risk_quiz_questions"
  FOR EACH ROW EXECUTE FUNCTION risk_quiz_only_drafts_change();
--> statement-breakpoint
CREATE TRIGGER risk_quiz_options_only_drafts BEFORE INSERT OR UPDATE OR DELETE ON "risk_quiz_options"
  FOR EACH ROW EXECUTE FUNCTION risk_quiz_only_drafts_change();
--> statement-breakpoint
CREATE TABLE "risk_quiz_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"risk_number" smallint NOT NULL,
	"band" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_quiz_results_id_version_uq" UNIQUE("id","version_id"),
	CONSTRAINT "risk_quiz_results_risk_number" CHECK ("risk_quiz_results"."risk_number" BETWEEN 0 AND 100),
	CONSTRAINT "risk_quiz_results_band" CHECK ("risk_quiz_results"."band" IN (10, 25, 35, 60, 100))
);
--> statement-breakpoint
ALTER TABLE "risk_quiz_results" ADD CONSTRAINT "risk_quiz_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_quiz_results" ADD CONSTRAINT "risk_quiz_results_version_id_risk_quiz_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."risk_quiz_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "risk_quiz_results_user_idx" ON "risk_quiz_results" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE TABLE "risk_quiz_answers" (
	"result_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"option_id" uuid NOT NULL,
	CONSTRAINT "risk_quiz_answers_result_id_question_id_pk" PRIMARY KEY("result_id","question_id")
);
--> statement-breakpoint
-- The database keeps an answer inside its result's version: the question is the version's, the option the question's.
ALTER TABLE "risk_quiz_answers" ADD CONSTRAINT "risk_quiz_answers_result_fk" FOREIGN KEY ("result_id","version_id") REFERENCES "public"."risk_quiz_results"("id","version_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_quiz_answers" ADD CONSTRAINT "risk_quiz_answers_question_fk" FOREIGN KEY ("version_id","question_id") REFERENCES "public"."risk_quiz_questions"("version_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_quiz_answers" ADD CONSTRAINT "risk_quiz_answers_option_fk" FOREIGN KEY ("question_id","option_id") REFERENCES "public"."risk_quiz_options"("question_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_purchases" ADD COLUMN "risk_result_id" uuid;--> statement-breakpoint
ALTER TABLE "fund_purchases" ADD COLUMN "risk_acknowledged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fund_purchases" ADD CONSTRAINT "fund_purchases_risk_result_id_risk_quiz_results_id_fk" FOREIGN KEY ("risk_result_id") REFERENCES "public"."risk_quiz_results"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Version 1, published: eight risk-profiling questions (horizon, goal, a 30% fall, loss tolerance, experience,
-- income stability, share of savings, emergency savings); each option scores 0–4, the number is the share of
-- the highest total (decision 045).
INSERT INTO "risk_quiz_versions" ("id", "number", "status", "published_at") VALUES ('00000000-0000-4000-8000-00000000a001', 1, 'draft', NULL);
--> statement-breakpoint
INSERT INTO "risk_quiz_questions" ("id", "version_id", "position", "text") VALUES
  ('00000000-0000-4000-8000-00000000b001', '00000000-0000-4000-8000-00000000a001', 0, '{"fa": "سرمایه‌ای را که امروز می‌گذارید، تا چه مدت به آن نیاز ندارید؟", "en": "For how long will you not need the money you invest today?", "ar": "إلى متى لن تحتاج إلى المال الذي تستثمره اليوم؟"}'::jsonb),
  ('00000000-0000-4000-8000-00000000b002', '00000000-0000-4000-8000-00000000a001', 1, '{"fa": "هدف اصلی شما از این سرمایه‌گذاری چیست؟", "en": "What is the main goal of this investment?", "ar": "ما الهدف الرئيسي من هذا الاستثمار؟"}'::jsonb),
  ('00000000-0000-4000-8000-00000000b003', '00000000-0000-4000-8000-00000000a001', 2, '{"fa": "اگر ارزش سرمایه‌تان در یک ماه ۳۰٪ کم شود، چه می‌کنید؟", "en": "If your investment lost 30% of its value in one month, what would you do?", "ar": "إذا خسر استثمارك ٣٠٪ من قيمته في شهر واحد، ماذا ستفعل؟"}'::jsonb),
  ('00000000-0000-4000-8000-00000000b004', '00000000-0000-4000-8000-00000000a001', 3, '{"fa": "بیشترین زیانی که در یک سال تحمل می‌کنید، بی آنکه برنامه‌تان به هم بریزد، چقدر است؟", "en": "What is the largest loss in one year you could bear without upsetting your plans?", "ar": "ما أكبر خسارة في سنة واحدة يمكنك تحملها دون أن تتأثر خططك؟"}'::jsonb),
  ('00000000-0000-4000-8000-00000000b005', '00000000-0000-4000-8000-00000000a001', 4, '{"fa": "تجربه شما در سرمایه‌گذاری چیست؟", "en": "What is your investing experience?", "ar": "ما خبرتك في الاستثمار؟"}'::jsonb),
  ('00000000-0000-4000-8000-00000000b006', '00000000-0000-4000-8000-00000000a001', 5, '{"fa": "درآمد شما در چند سال آینده چقدر پایدار است؟", "en": "How stable is your income over the next few years?", "ar": "ما مدى استقرار دخلك في السنوات القليلة القادمة؟"}'::jsonb),
  ('00000000-0000-4000-8000-00000000b007', '00000000-0000-4000-8000-00000000a001', 6, '{"fa": "این سرمایه‌گذاری چه سهمی از کل پس‌انداز شماست؟", "en": "What share of your total savings is this investment?", "ar": "ما نسبة هذا الاستثمار من مجموع مدخراتك؟"}'::jsonb),
  ('00000000-0000-4000-8000-00000000b008', '00000000-0000-4000-8000-00000000a001', 7, '{"fa": "پول نقد کنار گذاشته شما برای شرایط اضطراری، هزینه چند ماه را می‌پوشاند؟", "en": "How many months of expenses do your emergency savings cover?", "ar": "كم شهراً من النفقات تغطي مدخراتك للطوارئ؟"}'::jsonb);
--> statement-breakpoint
INSERT INTO "risk_quiz_options" ("id", "question_id", "position", "text", "score") VALUES
  ('00000000-0000-4000-8000-0000000c0101', '00000000-0000-4000-8000-00000000b001', 0, '{"fa": "کمتر از یک سال", "en": "Less than a year", "ar": "أقل من سنة"}'::jsonb, 0),
  ('00000000-0000-4000-8000-0000000c0102', '00000000-0000-4000-8000-00000000b001', 1, '{"fa": "یک تا سه سال", "en": "One to three years", "ar": "من سنة إلى ثلاث سنوات"}'::jsonb, 1),
  ('00000000-0000-4000-8000-0000000c0103', '00000000-0000-4000-8000-00000000b001', 2, '{"fa": "سه تا پنج سال", "en": "Three to five years", "ar": "من ثلاث إلى خمس سنوات"}'::jsonb, 3),
  ('00000000-0000-4000-8000-0000000c0104', '00000000-0000-4000-8000-00000000b001', 3, '{"fa": "بیش از پنج سال", "en": "More than five years", "ar": "أكثر من خمس سنوات"}'::jsonb, 4),
  ('00000000-0000-4000-8000-0000000c0201', '00000000-0000-4000-8000-00000000b002', 0, '{"fa": "حفظ ارزش سرمایه در برابر تورم", "en": "Keeping my capital''s value against inflation", "ar": "الحفاظ على قيمة رأس المال أمام التضخم"}'::jsonb, 0),
  ('00000000-0000-4000-8000-0000000c0202', '00000000-0000-4000-8000-00000000b002', 1, '{"fa": "درآمد منظم و قابل پیش‌بینی", "en": "A regular, predictable income", "ar": "دخل منتظم ويمكن توقعه"}'::jsonb, 1),
  ('00000000-0000-4000-8000-0000000c0203', '00000000-0000-4000-8000-00000000b002', 2, '{"fa": "رشد متعادل در چند سال", "en": "Balanced growth over a few years", "ar": "نمو متوازن على مدى بضع سنوات"}'::jsonb, 3),
  ('00000000-0000-4000-8000-0000000c0204', '00000000-0000-4000-8000-00000000b002', 3, '{"fa": "بیشترین رشد ممکن، حتی با نوسان زیاد", "en": "The highest growth possible, even with large swings", "ar": "أعلى نمو ممكن حتى مع تقلبات كبيرة"}'::jsonb, 4),
  ('00000000-0000-4000-8000-0000000c0301', '00000000-0000-4000-8000-00000000b003', 0, '{"fa": "همه را می‌فروشم تا بیشتر ضرر نکنم", "en": "Sell everything to stop further losses", "ar": "أبيع كل شيء لأوقف الخسارة"}'::jsonb, 0),
  ('00000000-0000-4000-8000-0000000c0302', '00000000-0000-4000-8000-00000000b003', 1, '{"fa": "بخشی را می‌فروشم", "en": "Sell part of it", "ar": "أبيع جزءاً منه"}'::jsonb, 1),
  ('00000000-0000-4000-8000-0000000c0303', '00000000-0000-4000-8000-00000000b003', 2, '{"fa": "نگه می‌دارم و صبر می‌کنم", "en": "Hold and wait", "ar": "أحتفظ به وأنتظر"}'::jsonb, 3),
  ('00000000-0000-4000-8000-0000000c0304', '00000000-0000-4000-8000-00000000b003', 3, '{"fa": "بیشتر می‌خرم", "en": "Buy more", "ar": "أشتري المزيد"}'::jsonb, 4),
  ('00000000-0000-4000-8000-0000000c0401', '00000000-0000-4000-8000-00000000b004', 0, '{"fa": "هیچ زیانی", "en": "No loss at all", "ar": "لا خسارة على الإطلاق"}'::jsonb, 0),
  ('00000000-0000-4000-8000-0000000c0402', '00000000-0000-4000-8000-00000000b004', 1, '{"fa": "تا ۱۰٪", "en": "Up to 10%", "ar": "حتى ١٠٪"}'::jsonb, 1),
  ('00000000-0000-4000-8000-0000000c0403', '00000000-0000-4000-8000-00000000b004', 2, '{"fa": "تا ۲۰٪", "en": "Up to 20%", "ar": "حتى ٢٠٪"}'::jsonb, 2),
  ('00000000-0000-4000-8000-0000000c0404', '00000000-0000-4000-8000-00000000b004', 3, '{"fa": "تا ۳۵٪", "en": "Up to 35%", "ar": "حتى ٣٥٪"}'::jsonb, 3),
  ('00000000-0000-4000-8000-0000000c0405', '00000000-0000-4000-8000-00000000b004', 4, '{"fa": "بیش از ۳۵٪", "en": "More than 35%", "ar": "أكثر من ٣٥٪"}'::jsonb, 4),
  ('00000000-0000-4000-8000-0000000c0501', '00000000-0000-4000-8000-00000000b005', 0, '{"fa": "تجربه‌ای ندارم", "en": "None", "ar": "لا خبرة لدي"}'::jsonb, 0),
  ('00000000-0000-4000-8000-0000000c0502', '00000000-0000-4000-8000-00000000b005', 1, '{"fa": "سپرده بانکی و صندوق درآمد ثابت", "en": "Bank deposits and fixed-income funds", "ar": "الودائع المصرفية وصناديق الدخل الثابت"}'::jsonb, 1),
  ('00000000-0000-4000-8000-0000000c0503', '00000000-0000-4000-8000-00000000b005', 2, '{"fa": "سهام، طلا یا صندوق‌های سهامی", "en": "Shares, gold or equity funds", "ar": "الأسهم أو الذهب أو صناديق الأسهم"}'::jsonb, 2),
  ('00000000-0000-4000-8000-0000000c0504', '00000000-0000-4000-8000-00000000b005', 3, '{"fa": "رمزارز یا معامله با اهرم", "en": "Cryptocurrencies or leveraged trading", "ar": "العملات المشفرة أو التداول بالرافعة"}'::jsonb, 4),
  ('00000000-0000-4000-8000-0000000c0601', '00000000-0000-4000-8000-00000000b006', 0, '{"fa": "ناپایدار یا نامعلوم", "en": "Unstable or uncertain", "ar": "غير مستقر أو غير مؤكد"}'::jsonb, 0),
  ('00000000-0000-4000-8000-0000000c0602', '00000000-0000-4000-8000-00000000b006', 1, '{"fa": "تا حدی پایدار", "en": "Somewhat stable", "ar": "مستقر إلى حد ما"}'::jsonb, 1),
  ('00000000-0000-4000-8000-0000000c0603', '00000000-0000-4000-8000-00000000b006', 2, '{"fa": "پایدار", "en": "Stable", "ar": "مستقر"}'::jsonb, 2),
  ('00000000-0000-4000-8000-0000000c0604', '00000000-0000-4000-8000-00000000b006', 3, '{"fa": "پایدار و رو به افزایش", "en": "Stable and rising", "ar": "مستقر ومتزايد"}'::jsonb, 3),
  ('00000000-0000-4000-8000-0000000c0701', '00000000-0000-4000-8000-00000000b007', 0, '{"fa": "بیش از سه‌چهارم", "en": "More than three quarters", "ar": "أكثر من ثلاثة أرباع"}'::jsonb, 0),
  ('00000000-0000-4000-8000-0000000c0702', '00000000-0000-4000-8000-00000000b007', 1, '{"fa": "بین نصف و سه‌چهارم", "en": "Between half and three quarters", "ar": "بين النصف وثلاثة أرباع"}'::jsonb, 1),
  ('00000000-0000-4000-8000-0000000c0703', '00000000-0000-4000-8000-00000000b007', 2, '{"fa": "بین یک‌چهارم و نصف", "en": "Between a quarter and half", "ar": "بين الربع والنصف"}'::jsonb, 2),
  ('00000000-0000-4000-8000-0000000c0704', '00000000-0000-4000-8000-00000000b007', 3, '{"fa": "کمتر از یک‌چهارم", "en": "Less than a quarter", "ar": "أقل من الربع"}'::jsonb, 3),
  ('00000000-0000-4000-8000-0000000c0801', '00000000-0000-4000-8000-00000000b008', 0, '{"fa": "هیچ پس‌انداز اضطراری ندارم", "en": "I have no emergency savings", "ar": "ليس لدي مدخرات للطوارئ"}'::jsonb, 0),
  ('00000000-0000-4000-8000-0000000c0802', '00000000-0000-4000-8000-00000000b008', 1, '{"fa": "کمتر از سه ماه", "en": "Less than three months", "ar": "أقل من ثلاثة أشهر"}'::jsonb, 1),
  ('00000000-0000-4000-8000-0000000c0803', '00000000-0000-4000-8000-00000000b008', 2, '{"fa": "سه تا شش ماه", "en": "Three to six months", "ar": "من ثلاثة إلى ستة أشهر"}'::jsonb, 2),
  ('00000000-0000-4000-8000-0000000c0804', '00000000-0000-4000-8000-00000000b008', 3, '{"fa": "بیش از شش ماه", "en": "More than six months", "ar": "أكثر من ستة أشهر"}'::jsonb, 3);
--> statement-breakpoint
UPDATE "risk_quiz_versions" SET "status" = 'published', "published_at" = now() WHERE "id" = '00000000-0000-4000-8000-00000000a001';
