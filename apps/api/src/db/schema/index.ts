/**
 * The database schema, one file per module (decision 036); drizzle-kit reads this folder
 * (drizzle.config.ts). The value lists of text columns come from the contract's const tuples.
 */
export * from './users';
export * from './auth';
export * from './system';
export * from './kyc';
export * from './admin';
export * from './ledger';
export * from './deposits';
export * from './bank-accounts';
export * from './withdrawals';
export * from './adjustments';
export * from './deposit-by-id';
export * from './funds';
export * from './fund-orders';
export * from './proposals';
export * from './tether';
export * from './chain';
export * from './portfolio';
export * from './market';
export * from './risk-quiz';
export * from './baskets';
