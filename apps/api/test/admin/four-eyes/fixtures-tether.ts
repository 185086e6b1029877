/**
 * Four-eyes fixtures of the tether desk (issue 17, decision 039): reads, the settings' proposal (approved
 * on the proposals desk, whose fixtures walk the approval), and pause and resume (one operator's record,
 * about no user). Each fixture sets the market as its request needs it, so the order does not matter.
 */
import { setMarket } from '../../tether/tether-helpers';
import { get, post, type FourEyesFixtures } from './fixtures';

/** Settings inside every bound, as the desk would propose them. */
export const TETHER_SETTINGS = {
  spreadBps: 60,
  feeBps: 30,
  quoteTtlSeconds: 25,
  minTradeToman: '150000',
  dailyLimitToman: { '1': '250000000', '2': '2500000000' },
};

export const fixtures: FourEyesFixtures = {
  adminGetTetherDesk: { valid: async () => get('/admin/tether') },
  adminListTetherTrades: { valid: async () => get('/admin/tether/trades') },
  adminProposeTetherSettings: { valid: async () => post('/admin/tether/settings', TETHER_SETTINGS) },
  adminPauseTetherTrading: {
    valid: async ({ t }) => {
      await setMarket(t, { paused: false, pausedReason: null });
      return post('/admin/tether/pause', { reason: 'the walk pauses the market' });
    },
  },
  adminResumeTetherTrading: {
    valid: async ({ t }) => {
      await setMarket(t, { paused: true, pausedReason: 'paused by a colleague' });
      return post('/admin/tether/resume');
    },
  },
};
