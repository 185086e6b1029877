/**
 * The demo fund catalogue of the embedded mode (issue 6; decision 021), clearly labelled: every fund is
 * `is_demo` (the web app shows a demo badge), its names say "demo" in the three languages, and its
 * licence numbers and documents are samples (the documents' addresses are placeholders on example.org).
 *
 * - `seedDemoFunds` (called by `seedDemo`): creates each fund that is missing, by its code, with its
 *   texts, fees, limits, top holdings, a licence, documents, announcements (one of them needing the
 *   investor's agreement) and a report, and 366 days of daily NAV up to and including today's Tehran
 *   date. A fund that exists is left as it is (operators may have edited it). Idempotent.
 * - The NAV is a deterministic random walk: each day's step is a function of the fund's code and the date
 *   (a seeded generator), around a drift of the fund's own, so yields differ between funds and two
 *   starts on the same day draw the same history.
 * - `startDemoNavJob`: the embedded demo may keep running across days. At start and then every hour it
 *   publishes the NAV of every missing date up to today for each demo fund (`is_demo` only; operators'
 *   funds are never touched), continuing the walk from the fund's last NAV (a corrected one included),
 *   and then calls `onNavPublished` for each date so orders waiting for it are priced (decision 022).
 *   The server starts it only in the embedded mode (PGlite), when it seeded the demo. It publishes
 *   directly, not by proposal (decision 028): it is the server seeding openly labelled demo data, not an
 *   operator's act, and it never touches an operator's fund.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { LocalizedText } from '@portal/contract/funds/funds';
import { divRound } from '@portal/contract/core/money';
import { tehranDay } from '@portal/contract/wallet/offline-deposits';
import type { Db } from '../db/client';
import { fundAnnouncements, fundNavs, funds } from '../db/schema';
import { writeAudit } from '../lib/audit';
import { afterNavPublished } from '../modules/funds/fund-navs.service';
import { insertNavs } from '../modules/funds/funds.repository';

/** Days of NAV history a new demo fund starts with: a year and a day, so every yield window is filled. */
export const DEMO_NAV_HISTORY_DAYS = 366;
/** How often the demo NAV job looks for missing dates. */
export const DEMO_NAV_JOB_INTERVAL_MS = 60 * 60 * 1000;

const t = (fa: string, ar: string, en: string): LocalizedText => ({ fa, ar, en });

interface DemoFund {
  values: Omit<typeof funds.$inferInsert, 'isDemo' | 'published'>;
  /** The NAV on the first day of the history, minor units. */
  startNav: bigint;
  /** Mean daily step and its spread, parts per million. */
  driftPpm: number;
  volatilityPpm: number;
  /** Whether the fund has an announcement the investor must agree to. */
  agreement: boolean;
}

const SEO = t('سازمان بورس و اوراق بهادار', 'منظمة البورصة والأوراق المالية', 'Securities and Exchange Organization');
const demoLicence = (n: string, issuedOn: string) => ({
  title: t(
    'مجوز فعالیت صندوق (نمونهٔ نمایشی)',
    'ترخيص نشاط الصندوق (نموذج تجريبي)',
    'Fund operating licence (demo sample)',
  ),
  number: `DEMO-${n}`,
  issuer: SEO,
  issuedOn,
});
const demoDocuments = (code: string) => [
  {
    title: t('امیدنامهٔ صندوق (نمونهٔ نمایشی)', 'نشرة إصدار الصندوق (نموذج تجريبي)', 'Fund prospectus (demo sample)'),
    url: `https://example.org/demo/funds/${code}/prospectus.pdf`,
  },
  {
    title: t('اساسنامهٔ صندوق (نمونهٔ نمایشی)', 'النظام الأساسي للصندوق (نموذج تجريبي)', 'Fund articles (demo sample)'),
    url: `https://example.org/demo/funds/${code}/articles.pdf`,
  },
];
const holding = (fa: string, ar: string, en: string, percent: string) => ({ label: t(fa, ar, en), percent });

const IRT = 1n;
const USDT = 1_000_000n;

export const DEMO_FUNDS: DemoFund[] = [
  {
    values: {
      code: 'demo-zarrin-gold',
      kind: 'gold',
      preset: 'gold',
      fundType: 1,
      category: 'gold_silver',
      risk: 35,
      currency: 'IRT',
      name: t('صندوق طلای زرین (نمایشی)', 'صندوق زرين للذهب (تجريبي)', 'Zarrin Gold Fund (demo)'),
      summary: t(
        'سرمایه‌گذاری در طلای فیزیکی و گواهی سپردهٔ سکه، با پشتوانهٔ ۲۰ کیلوگرم شمش.',
        'استثمار في الذهب الفعلي وشهادات إيداع المسكوكات، بغطاء ٢٠ كيلوغرامًا من السبائك.',
        'Invests in physical gold and gold-coin deposit certificates, backed by 20 kg of bullion.',
      ),
      about: t(
        'صندوق طلای زرین یک صندوق نمایشی است که ارزش هر واحد آن همراه با قیمت طلا تغییر می‌کند. بیشتر دارایی صندوق شمش و سکهٔ طلاست و بخش کوچکی برای نقدشوندگی در اوراق با درآمد ثابت نگه داشته می‌شود. اعداد و اسناد این صفحه نمونه‌اند.',
        'صندوق زرين للذهب صندوق تجريبي تتغير قيمة وحدته مع سعر الذهب. معظم أصوله سبائك ومسكوكات ذهبية، ويُحتفظ بجزء صغير في أوراق ذات دخل ثابت للسيولة. الأرقام والمستندات في هذه الصفحة نماذج.',
        'Zarrin Gold is a demo fund whose unit value follows the price of gold. Most of its assets are bullion and gold coins, with a small part in fixed-income papers for liquidity. The figures and documents on this page are samples.',
      ),
      purchaseFixedFee: 5_000n * IRT,
      managementFeeBps: 200,
      redeemFixedFee: 5_000n * IRT,
      performanceFeeBps: 0,
      minPurchase: 100_000n * IRT,
      maxPurchase: 5_000_000_000n * IRT,
      minRedeemUnits: 10_000n, // one unit (unit-minors)
      assetAllocation: [
        holding('شمش طلا', 'سبائك الذهب', 'Gold bullion', '62.50'),
        holding('سکهٔ تمام بهار آزادی', 'مسكوكة بهار آزادي الكاملة', 'Full Bahar Azadi coin', '18.00'),
        holding('گواهی سپردهٔ سکه', 'شهادات إيداع المسكوكات', 'Gold-coin deposit certificates', '12.00'),
        holding('اوراق با درآمد ثابت', 'أوراق ذات دخل ثابت', 'Fixed-income papers', '5.50'),
        holding('نقد و سپردهٔ بانکی', 'نقد وودائع مصرفية', 'Cash and bank deposits', '2.00'),
      ],
      licences: [demoLicence('11871', '2022-06-12')],
      documents: demoDocuments('demo-zarrin-gold'),
      sortOrder: 10,
    },
    startNav: 152_300n * IRT,
    driftPpm: 820,
    volatilityPpm: 9_000,
    agreement: true,
  },
  {
    values: {
      code: 'demo-simin-silver',
      kind: 'silver',
      preset: 'silver',
      fundType: 1,
      category: 'gold_silver',
      risk: 60,
      currency: 'IRT',
      name: t('صندوق نقرهٔ سیمین (نمایشی)', 'صندوق سيمين للفضة (تجريبي)', 'Simin Silver Fund (demo)'),
      summary: t(
        'سرمایه‌گذاری در شمش نقره با پشتوانهٔ ۱۰۰ کیلوگرم نقره.',
        'استثمار في سبائك الفضة بغطاء ١٠٠ كيلوغرام من الفضة.',
        'Invests in silver bullion, backed by 100 kg of silver.',
      ),
      about: t(
        'صندوق نقرهٔ سیمین یک صندوق نمایشی است که ارزش واحدهای آن همراه با قیمت نقره حرکت می‌کند؛ نوسان آن از صندوق طلا بیشتر است. اعداد و اسناد این صفحه نمونه‌اند.',
        'صندوق سيمين للفضة صندوق تجريبي تتحرك قيمة وحداته مع سعر الفضة، وتقلبه أكبر من صندوق الذهب. الأرقام والمستندات في هذه الصفحة نماذج.',
        'Simin Silver is a demo fund whose units move with the price of silver, more volatile than the gold fund. The figures and documents on this page are samples.',
      ),
      purchaseFixedFee: 5_000n * IRT,
      managementFeeBps: 200,
      redeemFixedFee: 5_000n * IRT,
      performanceFeeBps: 0,
      minPurchase: 100_000n * IRT,
      maxPurchase: null,
      minRedeemUnits: 10_000n, // one unit (unit-minors)
      assetAllocation: [
        holding('شمش نقره', 'سبائك الفضة', 'Silver bullion', '81.00'),
        holding('گواهی سپردهٔ نقره', 'شهادات إيداع الفضة', 'Silver deposit certificates', '11.00'),
        holding('اوراق با درآمد ثابت', 'أوراق ذات دخل ثابت', 'Fixed-income papers', '6.00'),
        holding('نقد و سپردهٔ بانکی', 'نقد وودائع مصرفية', 'Cash and bank deposits', '2.00'),
      ],
      licences: [demoLicence('12034', '2023-02-01')],
      documents: demoDocuments('demo-simin-silver'),
      sortOrder: 20,
    },
    startNav: 48_500n * IRT,
    driftPpm: 600,
    volatilityPpm: 14_000,
    agreement: false,
  },
  {
    values: {
      code: 'demo-asayesh-staking',
      kind: 'staking',
      preset: 'asayesh',
      fundType: 2,
      category: 'fixed_income',
      risk: 10,
      currency: 'IRT',
      name: t(
        'صندوق درآمد ثابت آسایش (نمایشی)',
        'صندوق آسایش للدخل الثابت (تجريبي)',
        'Asayesh Fixed Income Fund (demo)',
      ),
      summary: t(
        'سود روزشمار از سپرده‌های بانکی و اوراق دولتی، با کمترین ریسک.',
        'عائد يومي من الودائع المصرفية والأوراق الحكومية، بأقل مخاطرة.',
        'Daily-accruing return from bank deposits and government bonds, at the lowest risk.',
      ),
      about: t(
        'صندوق آسایش یک صندوق نمایشی با درآمد ثابت است: ارزش واحد آن هر روز اندکی بالا می‌رود و نوسان چندانی ندارد. اعداد و اسناد این صفحه نمونه‌اند.',
        'صندوق آسایش صندوق تجريبي ذو دخل ثابت: ترتفع قيمة وحدته قليلًا كل يوم دون تقلب يُذكر. الأرقام والمستندات في هذه الصفحة نماذج.',
        'Asayesh is a demo fixed-income fund: its unit value rises a little every day with hardly any swings. The figures and documents on this page are samples.',
      ),
      purchaseFixedFee: 0n,
      managementFeeBps: 150,
      redeemFixedFee: 0n,
      performanceFeeBps: 0,
      minPurchase: 100_000n * IRT,
      maxPurchase: null,
      minRedeemUnits: 10_000n, // one unit (unit-minors)
      assetAllocation: [
        holding('اسناد خزانهٔ اسلامی', 'صكوك الخزانة الإسلامية', 'Islamic treasury bills', '38.00'),
        holding('سپردهٔ بانکی', 'ودائع مصرفية', 'Bank deposits', '30.00'),
        holding('اوراق مرابحه', 'صكوك المرابحة', 'Murabaha bonds', '17.00'),
        holding('اوراق اجاره', 'صكوك الإجارة', 'Ijara bonds', '10.00'),
        holding('گواهی سپردهٔ بانکی', 'شهادات الإيداع المصرفية', 'Bank certificates of deposit', '4.00'),
        holding('نقد', 'نقد', 'Cash', '1.00'),
      ],
      licences: [demoLicence('10452', '2021-09-20')],
      documents: demoDocuments('demo-asayesh-staking'),
      sortOrder: 30,
    },
    startNav: 10_000n * IRT,
    driftPpm: 676,
    volatilityPpm: 120,
    agreement: false,
  },
  {
    values: {
      code: 'demo-faraz-index',
      kind: 'index',
      preset: 'faraz',
      fundType: 1,
      category: 'crypto',
      risk: 60,
      currency: 'USDT',
      name: t(
        'صندوق شاخصی رمزارز فراز (نمایشی)',
        'صندوق فراز لمؤشر العملات الرقمية (تجريبي)',
        'Faraz Crypto Index Fund (demo)',
      ),
      summary: t(
        'سبدی از ده رمزارز بزرگ بازار به نسبت ارزش بازار، با بازتنظیم ماهانه.',
        'سلة من أكبر عشر عملات رقمية حسب القيمة السوقية، يعاد توازنها شهريًا.',
        'The ten largest crypto assets weighted by market value, rebalanced monthly.',
      ),
      about: t(
        'صندوق فراز یک صندوق شاخصی نمایشی است که بازدهی ده رمزارز بزرگ را دنبال می‌کند. ارزش واحدها به تتر است. اعداد و اسناد این صفحه نمونه‌اند.',
        'صندوق فراز صندوق مؤشر تجريبي يتبع عائد أكبر عشر عملات رقمية. قيمة الوحدات بالتيثر. الأرقام والمستندات في هذه الصفحة نماذج.',
        'Faraz is a demo index fund that tracks the ten largest crypto assets. Units are valued in tether. The figures and documents on this page are samples.',
      ),
      purchaseFixedFee: 500_000n,
      managementFeeBps: 200,
      redeemFixedFee: 500_000n,
      performanceFeeBps: 0,
      minPurchase: 10n * USDT,
      maxPurchase: 200_000n * USDT,
      minRedeemUnits: 10_000n, // one unit (unit-minors)
      assetAllocation: [
        holding('بیت‌کوین', 'بيتكوين', 'Bitcoin', '48.20'),
        holding('اتریوم', 'إيثيريوم', 'Ether', '22.40'),
        holding('سولانا', 'سولانا', 'Solana', '7.30'),
        holding('بی‌ان‌بی', 'بي إن بي', 'BNB', '6.10'),
        holding('ایکس‌آر‌پی', 'إكس آر بي', 'XRP', '5.50'),
        holding('سایر رمزارزها', 'عملات رقمية أخرى', 'Other crypto assets', '10.50'),
      ],
      licences: [demoLicence('20117', '2024-01-15')],
      documents: demoDocuments('demo-faraz-index'),
      sortOrder: 40,
    },
    startNav: 1_250_000n,
    driftPpm: 900,
    volatilityPpm: 25_000,
    agreement: false,
  },
  {
    values: {
      code: 'demo-gem-active',
      kind: 'active',
      preset: 'gem',
      fundType: 3,
      category: 'crypto',
      risk: 100,
      currency: 'USDT',
      name: t(
        'صندوق فعال رمزارز جم (نمایشی)',
        'صندوق جم النشط للعملات الرقمية (تجريبي)',
        'Gem Active Crypto Fund (demo)',
      ),
      summary: t(
        'مدیریت فعال سبد رمزارز برای بازدهی بیش از بازار، با ریسک بالا.',
        'إدارة نشطة لمحفظة عملات رقمية لعائد يفوق السوق، بمخاطرة عالية.',
        'An actively managed crypto portfolio aiming to beat the market, at high risk.',
      ),
      about: t(
        'صندوق جم یک صندوق فعال نمایشی است که مدیر آن ترکیب دارایی‌ها را بر پایهٔ تحلیل بازار تغییر می‌دهد. کارمزد عملکرد فقط از سود هر بخش گرفته می‌شود. اعداد و اسناد این صفحه نمونه‌اند.',
        'صندوق جم صندوق نشط تجريبي يغير مديره تركيب الأصول بناءً على تحليل السوق. تُؤخذ رسوم الأداء من الربح فقط. الأرقام والمستندات في هذه الصفحة نماذج.',
        'Gem is a demo active fund whose manager changes the mix of assets on market analysis. The performance fee is taken on gains only. The figures and documents on this page are samples.',
      ),
      purchaseFixedFee: 500_000n,
      managementFeeBps: 250,
      redeemFixedFee: 500_000n,
      performanceFeeBps: 1_000,
      minPurchase: 10n * USDT,
      maxPurchase: 200_000n * USDT,
      minRedeemUnits: 10_000n, // one unit (unit-minors)
      assetAllocation: [
        holding('اتریوم', 'إيثيريوم', 'Ether', '31.00'),
        holding('بیت‌کوین', 'بيتكوين', 'Bitcoin', '27.50'),
        holding('سولانا', 'سولانا', 'Solana', '14.00'),
        holding('چین‌لینک', 'تشين لينك', 'Chainlink', '9.00'),
        holding('آوالانچ', 'أفالانش', 'Avalanche', '8.50'),
        holding('تتر (نقد)', 'تيثر (نقد)', 'Tether (cash)', '10.00'),
      ],
      licences: [demoLicence('20245', '2024-05-02')],
      documents: demoDocuments('demo-gem-active'),
      sortOrder: 50,
    },
    startNav: 2_500_000n,
    driftPpm: 1_150,
    volatilityPpm: 35_000,
    agreement: true,
  },
  {
    values: {
      code: 'demo-saramad-vip',
      kind: 'vip',
      preset: 'vip',
      fundType: 3,
      category: 'crypto',
      risk: 35,
      currency: 'USDT',
      name: t('صندوق ویژهٔ سرآمد (نمایشی)', 'صندوق سرآمد المميز (تجريبي)', 'Saramad VIP Fund (demo)'),
      summary: t(
        'صندوق ویژهٔ سرمایه‌گذاران بزرگ با ترکیب متعادل رمزارز و طلا.',
        'صندوق مخصص لكبار المستثمرين بمزيج متوازن من العملات الرقمية والذهب.',
        'For large investors: a balanced mix of crypto assets and gold.',
      ),
      about: t(
        'صندوق سرآمد یک صندوق ویژهٔ نمایشی برای سرمایه‌گذاری از ۱٬۰۰۰ تتر است؛ برای مبالغ بیش از ۲۰۰٬۰۰۰ تتر با پشتیبانی تماس بگیرید. اعداد و اسناد این صفحه نمونه‌اند.',
        'صندوق سرآمد صندوق مميز تجريبي للاستثمار من ١٬٠٠٠ تيثر؛ للمبالغ التي تتجاوز ٢٠٠٬٠٠٠ تيثر تواصل مع الدعم. الأرقام والمستندات في هذه الصفحة نماذج.',
        'Saramad is a demo VIP fund for investments from 1,000 USDT; above 200,000 USDT, contact support. The figures and documents on this page are samples.',
      ),
      purchaseFixedFee: 1_000_000n,
      managementFeeBps: 200,
      redeemFixedFee: 1_000_000n,
      performanceFeeBps: 1_000,
      minPurchase: 1_000n * USDT,
      maxPurchase: 200_000n * USDT,
      minRedeemUnits: 100_000n, // ten units
      assetAllocation: [
        holding('بیت‌کوین', 'بيتكوين', 'Bitcoin', '35.00'),
        holding('طلای توکنیزه', 'ذهب مرمّز', 'Tokenised gold', '25.00'),
        holding('اتریوم', 'إيثيريوم', 'Ether', '20.00'),
        holding('استیکینگ تتر', 'تخزين التيثر', 'Tether staking', '15.00'),
        holding('تتر (نقد)', 'تيثر (نقد)', 'Tether (cash)', '5.00'),
      ],
      licences: [demoLicence('20388', '2024-09-10')],
      documents: demoDocuments('demo-saramad-vip'),
      sortOrder: 60,
    },
    startNav: 10_000_000n,
    driftPpm: 700,
    volatilityPpm: 12_000,
    agreement: false,
  },
];

/** FNV-1a, 32 bits: the seed of a fund's step on a date. */
function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The walk's step of a fund on a date, parts per million: the drift plus a bell-shaped draw (the sum of
 * three uniform draws, centred) of the fund's spread. A function of the code and the date alone.
 */
export function demoStepPpm(code: string, navDate: string, driftPpm: number, volatilityPpm: number): number {
  const next = mulberry32(hash32(`${code}|${navDate}`));
  const bell = next() + next() + next() - 1.5;
  return Math.round(driftPpm + bell * 2 * volatilityPpm);
}

/** The NAV after a step (rounded half-even; never below one minor unit). */
export function demoNextNav(nav: bigint, stepPpm: number): bigint {
  const next = divRound(nav * BigInt(1_000_000 + stepPpm), 1_000_000n, 'half-even');
  return next > 0n ? next : 1n;
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The walk of a demo fund from `lastNav` (on `lastDate`) over each date after it up to `until`. */
function walk(d: DemoFund, lastDate: string, lastNav: bigint, until: string): { navDate: string; nav: bigint }[] {
  const out: { navDate: string; nav: bigint }[] = [];
  let nav = lastNav;
  for (let day = addDays(lastDate, 1); day <= until; day = addDays(day, 1)) {
    nav = demoNextNav(nav, demoStepPpm(d.values.code, day, d.driftPpm, d.volatilityPpm));
    out.push({ navDate: day, nav });
  }
  return out;
}

/** The announcements and the report of a new demo fund, oldest first. */
function demoAnnouncements(d: DemoFund, now: Date): (typeof fundAnnouncements.$inferInsert)[] {
  const name = d.values.name;
  const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
  const items: (typeof fundAnnouncements.$inferInsert)[] = [
    {
      fundId: '',
      kind: 'report',
      title: t(
        'گزارش عملکرد فصلی (نمونهٔ نمایشی)',
        'تقرير الأداء الفصلي (نموذج تجريبي)',
        'Quarterly performance report (demo sample)',
      ),
      body: t(
        `گزارش عملکرد سه ماه گذشتهٔ ${name.fa}: بازدهی، ترکیب دارایی‌ها و هزینه‌ها. این گزارش نمونه است.`,
        `تقرير أداء ${name.ar} للأشهر الثلاثة الماضية: العائد وتركيب الأصول والتكاليف. هذا التقرير نموذج.`,
        `The last three months of ${name.en}: return, asset mix and costs. This report is a sample.`,
      ),
      requiresAgreement: false,
      documentUrl: `https://example.org/demo/funds/${d.values.code}/quarterly-report.pdf`,
      publishedAt: daysAgo(40),
    },
    {
      fundId: '',
      kind: 'announcement',
      title: t('ساعات صدور و ابطال واحدها', 'ساعات إصدار الوحدات واستردادها', 'Hours of issuing and redeeming units'),
      body: t(
        `درخواست‌های خرید و فروش ${name.fa} به ارزش خالص دارایی همان روز انجام می‌شوند؛ پیش از انتشار NAV روز، درخواست در انتظار می‌ماند.`,
        `تُنفَّذ طلبات شراء وبيع ${name.ar} بصافي قيمة الأصول لليوم نفسه؛ وقبل نشر صافي قيمة الأصول لليوم يبقى الطلب قيد الانتظار.`,
        `Orders for ${name.en} are priced at the same day's net asset value; until the day's NAV is published, an order waits.`,
      ),
      requiresAgreement: false,
      documentUrl: null,
      publishedAt: daysAgo(20),
    },
  ];
  if (d.agreement) {
    items.push({
      fundId: '',
      kind: 'announcement',
      title: t('تغییر در کارمزد مدیریت', 'تغيير في رسوم الإدارة', 'A change to the management fee'),
      body: t(
        `از ماه آینده کارمزد مدیریت ${name.fa} بازنگری می‌شود. برای ادامهٔ سرمایه‌گذاری، لطفاً این اطلاعیه را بخوانید و موافقت خود را اعلام کنید. (اطلاعیهٔ نمایشی)`,
        `ستُراجَع رسوم إدارة ${name.ar} اعتبارًا من الشهر القادم. لمواصلة الاستثمار يُرجى قراءة هذا الإعلان وإبداء موافقتك. (إعلان تجريبي)`,
        `From next month the management fee of ${name.en} is revised. To keep investing, please read this notice and agree to it. (demo notice)`,
      ),
      requiresAgreement: true,
      documentUrl: null,
      publishedAt: daysAgo(3),
    });
  }
  return items;
}

/** Creates the demo funds that are missing (by code), each with a year of NAV history. Idempotent. */
export async function seedDemoFunds(db: Db, opts: { now?: Date } = {}): Promise<void> {
  const now = opts.now ?? new Date();
  const today = tehranDay(now);
  const first = addDays(today, -(DEMO_NAV_HISTORY_DAYS - 1));
  for (const d of DEMO_FUNDS) {
    await db.transaction(async (tx) => {
      const [fund] = await tx
        .insert(funds)
        .values({ ...d.values, isDemo: true, published: true })
        .onConflictDoNothing({ target: funds.code })
        .returning();
      if (!fund) return;
      const history = [{ navDate: first, nav: d.startNav }, ...walk(d, first, d.startNav, today)];
      await insertNavs(
        tx,
        history.map((p) => ({ fundId: fund.id, navDate: p.navDate, nav: p.nav, publishedAt: now })),
      );
      await tx.insert(fundAnnouncements).values(demoAnnouncements(d, now).map((a) => ({ ...a, fundId: fund.id })));
      await writeAudit(tx, {
        action: 'fund.demo_seeded',
        subjectType: 'fund',
        subjectId: fund.id,
        data: { code: fund.code, navDays: history.length, from: first, to: today, via: 'demo_seed' },
      });
    });
  }
}

/**
 * Publishes the NAV of every missing date up to today (Tehran) for each demo fund, continuing its walk
 * from its last NAV; answers what it published. Operators' funds (`is_demo` false) are never touched.
 */
export async function publishMissingDemoNavs(db: Db, now: Date): Promise<{ fundId: string; navDate: string }[]> {
  const today = tehranDay(now);
  const demo = await db
    .select({ id: funds.id, code: funds.code })
    .from(funds)
    .where(
      and(
        eq(funds.isDemo, true),
        inArray(
          funds.code,
          DEMO_FUNDS.map((d) => d.values.code),
        ),
      ),
    );
  const published: { fundId: string; navDate: string }[] = [];
  for (const f of demo) {
    const d = DEMO_FUNDS.find((x) => x.values.code === f.code)!;
    const done = await db.transaction(async (tx) => {
      const [last] = await tx
        .select({ navDate: fundNavs.navDate, nav: fundNavs.nav })
        .from(fundNavs)
        .where(eq(fundNavs.fundId, f.id))
        .orderBy(desc(fundNavs.navDate))
        .limit(1);
      if (!last || last.navDate >= today) return [];
      const points = walk(d, last.navDate, last.nav, today);
      const rows = await tx
        .insert(fundNavs)
        .values(points.map((p) => ({ fundId: f.id, navDate: p.navDate, nav: p.nav, publishedAt: now })))
        .onConflictDoNothing()
        .returning({ navDate: fundNavs.navDate, nav: fundNavs.nav });
      for (const r of rows) {
        await writeAudit(tx, {
          action: 'fund.nav_published',
          subjectType: 'fund',
          subjectId: f.id,
          data: { code: f.code, navDate: r.navDate, nav: r.nav.toString(), via: 'demo_nav_job' },
        });
      }
      return rows.map((r) => r.navDate);
    });
    for (const navDate of done.sort()) published.push({ fundId: f.id, navDate });
  }
  return published;
}

/**
 * Starts the demo NAV job (embedded demo mode only): at once and then every hour. Each published date
 * goes through `onNavPublished`, oldest first, once its transaction committed. Answers the stop function.
 */
export function startDemoNavJob(opts: {
  db: Db;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
  onNavPublished?: (fundId: string, navDate: string) => Promise<void>;
  now?: () => Date;
  intervalMs?: number;
}): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const published = await publishMissingDemoNavs(opts.db, opts.now?.() ?? new Date());
      if (published.length > 0) opts.log.info({ count: published.length }, 'demo NAVs published');
      for (const p of published) await afterNavPublished(opts, opts.log, p.fundId, p.navDate);
    } catch (err) {
      opts.log.error({ err }, 'demo NAV job failed');
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), opts.intervalMs ?? DEMO_NAV_JOB_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
