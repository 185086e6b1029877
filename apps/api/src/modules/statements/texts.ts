/**
 * The words of the statements, the certificate and the receipts, in the three languages (decision 042).
 * The web app's wallet texts say the same things (locales `wallet.types`, `wallet.refTypes`); the server
 * keeps its own copy because a file is made without the web app.
 */
import type { Culture } from '@portal/contract/core/constants';
import type { Currency } from '@portal/contract/core/money';
import type { JournalRefType } from '@portal/contract/wallet/ledger';

export interface Texts {
  portal: string;
  statementTitle: string;
  certificateTitle: string;
  receiptTitle: string;
  name: string;
  mobile: string;
  nationalCode: string;
  period: string;
  from: string;
  to: string;
  issuedAt: string;
  atDate: string;
  wallet: string;
  opening: string;
  closing: string;
  date: string;
  time: string;
  type: string;
  refType: string;
  reference: string;
  amount: string;
  fee: string;
  balanceAfter: string;
  noMovements: string;
  holdings: string;
  holdingsAt: string;
  fund: string;
  units: string;
  nav: string;
  navDate: string;
  value: string;
  currency: string;
  total: string;
  noHoldings: string;
  noNav: string;
  signature: string;
  verificationCode: string;
  certificateNote: string;
  transactionId: string;
  status: string;
  fundOrder: string;
  unknown: string;
  types: Record<'Deposit' | 'Withdrawal', string>;
  refTypes: Record<JournalRefType, string>;
  currencies: Record<Currency, string>;
}

const fa: Texts = {
  portal: 'پرتال سرمایه‌گذاری',
  statementTitle: 'صورت‌حساب',
  certificateTitle: 'گواهی دارایی',
  receiptTitle: 'رسید تراکنش',
  name: 'نام',
  mobile: 'موبایل',
  nationalCode: 'کد ملی',
  period: 'دوره',
  from: 'از',
  to: 'تا',
  issuedAt: 'تاریخ صدور',
  atDate: 'در تاریخ',
  wallet: 'کیف پول',
  opening: 'ماندهٔ اول دوره',
  closing: 'ماندهٔ پایان دوره',
  date: 'تاریخ',
  time: 'ساعت',
  type: 'نوع',
  refType: 'بابت',
  reference: 'شناسهٔ مرجع',
  amount: 'مبلغ',
  fee: 'کارمزد',
  balanceAfter: 'مانده پس از تراکنش',
  noMovements: 'در این دوره تراکنشی نیست.',
  holdings: 'دارایی در صندوق‌ها',
  holdingsAt: 'دارایی در صندوق‌ها در پایان دوره',
  fund: 'صندوق',
  units: 'تعداد واحد',
  nav: 'قیمت ابطال',
  navDate: 'تاریخ قیمت',
  value: 'ارزش',
  currency: 'ارز',
  total: 'جمع',
  noHoldings: 'واحدی از صندوق‌ها ندارید.',
  noNav: 'قیمت اعلام نشده',
  signature: 'امضای پرتال',
  verificationCode: 'کد راستی‌آزمایی',
  certificateNote: 'این گواهی را پرتال امضا کرده است؛ درستی آن را با کد راستی‌آزمایی در پرتال بررسی کنید.',
  transactionId: 'شمارهٔ تراکنش',
  status: 'وضعیت',
  fundOrder: 'سفارش صندوق',
  unknown: '—',
  types: { Deposit: 'واریز', Withdrawal: 'برداشت' },
  refTypes: {
    Payment: 'واریز به کیف پول',
    BasketOrder: 'سفارش سبد',
    FundSharePurchase: 'خرید واحد صندوق',
    FundShareRedeem: 'ابطال واحد صندوق',
    FundHolderDividendDistribution: 'سود واحدهای صندوق',
    Withdrawal: 'برداشت از کیف پول',
    ExchangeTransaction: 'تبدیل ارز',
    ReferrerCredit: 'اعتبار معرف',
    ReferredCredit: 'اعتبار دعوت‌شده',
    GiftCard: 'کارت هدیه',
    UserReferralReward: 'پاداش دعوت از دوستان',
    ManualAdjustment: 'اصلاح حساب',
    DepositReturn: 'بازگشت واریز',
    TetherDeposit: 'واریز تتر از شبکه',
    TetherWithdrawal: 'برداشت تتر به شبکه',
  },
  currencies: { IRR: 'ریال', IRT: 'تومان', USD: 'دلار', USDT: 'تتر' },
};

const ar: Texts = {
  portal: 'بوابة الاستثمار',
  statementTitle: 'كشف الحساب',
  certificateTitle: 'شهادة الأصول',
  receiptTitle: 'إيصال المعاملة',
  name: 'الاسم',
  mobile: 'الجوال',
  nationalCode: 'الرقم الوطني',
  period: 'الفترة',
  from: 'من',
  to: 'إلى',
  issuedAt: 'تاريخ الإصدار',
  atDate: 'في تاريخ',
  wallet: 'المحفظة',
  opening: 'الرصيد الافتتاحي',
  closing: 'الرصيد الختامي',
  date: 'التاريخ',
  time: 'الساعة',
  type: 'النوع',
  refType: 'مقابل',
  reference: 'المرجع',
  amount: 'المبلغ',
  fee: 'الرسوم',
  balanceAfter: 'الرصيد بعد المعاملة',
  noMovements: 'لا معاملات في هذه الفترة.',
  holdings: 'الأصول في الصناديق',
  holdingsAt: 'الأصول في الصناديق في نهاية الفترة',
  fund: 'الصندوق',
  units: 'عدد الوحدات',
  nav: 'سعر الاسترداد',
  navDate: 'تاريخ السعر',
  value: 'القيمة',
  currency: 'العملة',
  total: 'المجموع',
  noHoldings: 'لا تملك وحدات في الصناديق.',
  noNav: 'لم يُعلن السعر',
  signature: 'توقيع البوابة',
  verificationCode: 'رمز التحقق',
  certificateNote: 'وقّعت البوابة هذه الشهادة؛ تحقّق من صحتها برمز التحقق في البوابة.',
  transactionId: 'رقم المعاملة',
  status: 'الحالة',
  fundOrder: 'طلب الصندوق',
  unknown: '—',
  types: { Deposit: 'إيداع', Withdrawal: 'سحب' },
  refTypes: {
    Payment: 'شحن المحفظة',
    BasketOrder: 'طلب سلة',
    FundSharePurchase: 'شراء وحدات صندوق',
    FundShareRedeem: 'استرداد وحدات صندوق',
    FundHolderDividendDistribution: 'أرباح وحدات الصندوق',
    Withdrawal: 'سحب من المحفظة',
    ExchangeTransaction: 'تحويل عملة',
    ReferrerCredit: 'رصيد المُحيل',
    ReferredCredit: 'رصيد المدعو',
    GiftCard: 'بطاقة هدية',
    UserReferralReward: 'مكافأة دعوة الأصدقاء',
    ManualAdjustment: 'تسوية الحساب',
    DepositReturn: 'إرجاع الإيداع',
    TetherDeposit: 'إيداع تيثر من الشبكة',
    TetherWithdrawal: 'سحب تيثر إلى الشبكة',
  },
  currencies: { IRR: 'ريال', IRT: 'تومان', USD: 'دولار', USDT: 'تيثر' },
};

const en: Texts = {
  portal: 'Investment Portal',
  statementTitle: 'Account statement',
  certificateTitle: 'Holdings certificate',
  receiptTitle: 'Transaction receipt',
  name: 'Name',
  mobile: 'Mobile',
  nationalCode: 'National code',
  period: 'Period',
  from: 'From',
  to: 'To',
  issuedAt: 'Issued',
  atDate: 'At',
  wallet: 'Wallet',
  opening: 'Opening balance',
  closing: 'Closing balance',
  date: 'Date',
  time: 'Time',
  type: 'Type',
  refType: 'For',
  reference: 'Reference',
  amount: 'Amount',
  fee: 'Fee',
  balanceAfter: 'Balance after',
  noMovements: 'No transactions in this period.',
  holdings: 'Fund holdings',
  holdingsAt: 'Fund holdings at the end of the period',
  fund: 'Fund',
  units: 'Units',
  nav: 'NAV',
  navDate: 'NAV date',
  value: 'Value',
  currency: 'Currency',
  total: 'Total',
  noHoldings: 'You hold no fund units.',
  noNav: 'No NAV published',
  signature: 'Portal signature',
  verificationCode: 'Verification code',
  certificateNote: 'Signed by the portal; check it with the verification code on the portal.',
  transactionId: 'Transaction no.',
  status: 'Status',
  fundOrder: 'Fund order',
  unknown: '—',
  types: { Deposit: 'Deposit', Withdrawal: 'Withdrawal' },
  refTypes: {
    Payment: 'Wallet top-up',
    BasketOrder: 'Basket order',
    FundSharePurchase: 'Fund units bought',
    FundShareRedeem: 'Fund units redeemed',
    FundHolderDividendDistribution: 'Fund dividend',
    Withdrawal: 'Withdrawal from wallet',
    ExchangeTransaction: 'Currency exchange',
    ReferrerCredit: 'Referrer credit',
    ReferredCredit: 'Invitee credit',
    GiftCard: 'Gift card',
    UserReferralReward: 'Referral reward',
    ManualAdjustment: 'Account adjustment',
    DepositReturn: 'Deposit returned',
    TetherDeposit: 'Tether deposit on chain',
    TetherWithdrawal: 'Tether withdrawal on chain',
  },
  currencies: { IRR: 'IRR', IRT: 'Toman', USD: 'USD', USDT: 'USDT' },
};

export const TEXTS: Record<Culture, Texts> = { fa, ar, en };

export const isRtl = (lang: Culture) => lang !== 'en';
