/** Enumerations of SPEC §3. */
export const ActionPeriodTimeFrame = ['Day', 'Week', 'Month', 'Year'] as const;
export const AffiliateRewardedAction = ['OnPurchase', 'OnRedeem', 'OnRegister', 'OnShahkarDone', 'OnKycDone'] as const;
export const ReferralRewardSort = ['RewardedAtAsc', 'RewardedAtDesc'] as const;
export const BasketOrderStatus = [
  'PaymentPending',
  'PendingVip',
  'NotStarted',
  'InProgress',
  'GenerationFailed',
  'Analysed',
] as const;
export const FundRisk = { Safe: 10, Low: 25, Balanced: 35, High: 60, Aggressive: 100 } as const;
export const UserRequestsResponseType = [
  'BuyFund',
  'OfflineTomanDeposit',
  'SellFund',
  'TetherDeposit',
  'WithdrawalFromTomanWallet',
  'WithdrawalFromTetherWallet',
] as const;
export const UserRequestStatus = ['Canceled', 'Failed', 'InProgress', 'Pending', 'Successful'] as const;
export const UserRequestDisplayOrder = ['NewestRequest', 'OldestRequest', 'NewestChange', 'OldestChange'] as const;
export const UserTransactionRefType = [
  'Payment',
  'BasketOrder',
  'FundSharePurchase',
  'FundShareRedeem',
  'FundHolderDividendDistribution',
  'Withdrawal',
  'ExchangeTransaction',
  'ReferrerCredit',
  'ReferredCredit',
  'GiftCard',
  'UserReferralReward',
] as const;
export const UserTransactionType = ['Deposit', 'Withdrawal'] as const;
export const SeasonType = ['Spring', 'Summer', 'Autumn', 'Winter'] as const;
export const AffiliateRole = ['None', 'Affiliate', 'Influencer'] as const;
