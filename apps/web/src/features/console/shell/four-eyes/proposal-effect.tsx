import ArrowForward from '@mui/icons-material/ArrowForward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAV_CHANGE_ADMIN_BOUND_BPS } from '@portal/contract/admin/four-eyes';
import type { EffectHolder, Proposal, ProposalEffect } from '@portal/contract/admin/proposals';
import { TETHER_NETWORK_KEYS, type TetherNetworkKey } from '@portal/contract/tether/networks';
import { RISK_BANDS, RISK_PERSONA } from '@portal/contract/baskets/risk';
import { displayMobile } from '@/lib/format';
import { personName } from '../schemas';
import { Detail, Details } from '../console-page';
import { ChangeText, OperatorChip, useProposalFormat } from './proposal-labels';

type NavEffect = Extract<ProposalEffect, { kind: 'nav_publish' | 'nav_correction' }>;
type DividendEffect = Extract<ProposalEffect, { kind: 'dividend' }>;
type ImportEffect = Extract<ProposalEffect, { kind: 'bank_statement_import' }>;
type TermsEffect = Extract<ProposalEffect, { kind: 'fund_terms' }>;
type TetherEffect = Extract<ProposalEffect, { kind: 'tether_settings' }>;
type ChainEffect = Extract<ProposalEffect, { kind: 'chain_settings' }>;
type BasketEffect = Extract<ProposalEffect, { kind: 'basket_settings' }>;
type BasketValues = BasketEffect['before'];
type ChainValues = ChainEffect['before'];
type Terms = TermsEffect['before'];

/** `a − b` of two decimal strings, exactly (no float): a dividend's share is `after − before`. */
export function decimalDiff(a: string, b: string): string {
  const scale = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0);
  const minor = (s: string) => {
    const [int = '0', frac = ''] = s.split('.');
    const negative = int.startsWith('-');
    const v = BigInt(int.replace('-', '') + frac.padEnd(scale, '0'));
    return negative ? -v : v;
  };
  const d = minor(a) - minor(b);
  const abs = (d < 0n ? -d : d).toString().padStart(scale + 1, '0');
  const out = scale ? `${abs.slice(0, -scale)}.${abs.slice(-scale)}` : abs;
  return d < 0n ? `-${out}` : out;
}

const flipInRtl = { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } as const;

/** `before → after` (the arrow follows the reading direction). */
function BeforeAfter({ before, after, strong = false }: { before: string; after: string; strong?: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
      <Box component="span" sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
        {before}
      </Box>
      <ArrowForward fontSize="small" aria-label={t('proposals.effect.becomes')} sx={flipInRtl} />
      <Box component="span" sx={{ whiteSpace: 'nowrap', fontWeight: strong ? 700 : 600 }}>
        {after}
      </Box>
    </Box>
  );
}

/** A person of an effect: name (or "no name"), number, and the operator mark. */
function Person({
  p,
}: {
  p: { firstName: string | null; lastName: string | null; mobile: string; isOperator: boolean };
}) {
  const { t } = useTranslation('admin');
  const pf = useProposalFormat();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
      <Typography component="span" sx={{ fontWeight: 600 }} dir="auto">
        {personName(p.firstName, p.lastName) ?? t('users.noName')}
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary" dir="ltr" sx={{ whiteSpace: 'nowrap' }}>
        {displayMobile(p.mobile, pf.lng)}
      </Typography>
      {p.isOperator ? <OperatorChip /> : null}
    </Box>
  );
}

/** Operators first (they are the reason to look), then as the server ordered them (largest first). */
const operatorsFirst = <T extends { isOperator: boolean }>(rows: readonly T[]) =>
  [...rows].sort((a, b) => Number(b.isOperator) - Number(a.isOperator));

/**
 * The holders of a NAV or dividend proposal: each one's units and value before → after (a NAV), or what
 * they receive (a dividend). A table on a desktop, one card a holder on a phone; operators first, marked.
 */
function HoldersTable({
  holders,
  holdersCount,
  currency,
  mode,
}: {
  holders: readonly EffectHolder[];
  holdersCount: number;
  currency: string;
  mode: 'nav' | 'dividend';
}) {
  const { t } = useTranslation('admin');
  const pf = useProposalFormat();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const title = t('proposals.effect.holders');
  const rows = operatorsFirst(holders);
  const money = (a: string) => pf.moneyOf(a, currency);
  const value = (h: EffectHolder) =>
    mode === 'nav' ? (
      <BeforeAfter before={money(h.valueBefore)} after={money(h.valueAfter)} />
    ) : (
      <Box component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
        {money(decimalDiff(h.valueAfter, h.valueBefore))}
      </Box>
    );
  const valueLabel = mode === 'nav' ? t('proposals.effect.valueChange') : t('proposals.effect.receives');

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 700 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t('proposals.effect.noHolders')}</Typography>
      ) : isDesktop ? (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={title} data-testid="proposal-holders">
            <TableHead>
              <TableRow>
                <TableCell>{t('proposals.effect.holder')}</TableCell>
                <TableCell>{t('proposals.effect.units')}</TableCell>
                <TableCell>{valueLabel}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((h) => (
                <TableRow key={h.userId} hover data-operator={h.isOperator ? 'true' : undefined}>
                  <TableCell>
                    <Person p={h} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{pf.units(h.units)}</TableCell>
                  <TableCell>{value(h)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : (
        <List
          disablePadding
          aria-label={title}
          data-testid="proposal-holders"
          sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
        >
          {rows.map((h) => (
            <Paper
              key={h.userId}
              component={ListItem}
              variant="outlined"
              data-operator={h.isOperator ? 'true' : undefined}
              sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 0.5, py: 1.25 }}
            >
              <Person p={h} />
              <Typography variant="body2" color="text.secondary">
                {t('proposals.effect.unitsOf', { units: pf.units(h.units) })}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                <Typography component="span" variant="body2" color="text.secondary">
                  {valueLabel}:
                </Typography>
                {value(h)}
              </Box>
            </Paper>
          ))}
        </List>
      )}
      {holders.length < holdersCount ? (
        <Typography variant="body2" color="text.secondary">
          {t('proposals.effect.holdersShown', { shown: pf.number(holders.length), total: pf.number(holdersCount) })}
        </Typography>
      ) : null}
    </Box>
  );
}

/** How many holders are operators: said loudly when any is (they may neither propose nor approve). */
function OperatorHolders({ count }: { count: number }) {
  const { t } = useTranslation('admin');
  const pf = useProposalFormat();
  return count > 0 ? (
    <Chip
      size="small"
      color="warning"
      label={t('proposals.effect.operatorHoldersCount', { formatted: pf.number(count) })}
      data-testid="proposal-operator-holders"
    />
  ) : (
    <span>{pf.number(0)}</span>
  );
}

function NavEffectView({ e }: { e: NavEffect }) {
  const { t } = useTranslation('admin');
  const pf = useProposalFormat();
  const money = (a: string) => pf.moneyOf(a, e.currency);
  const change = e.changeBps;
  return (
    <>
      {e.needsAdmin ? (
        <Alert severity="warning" data-testid="proposal-needs-admin">
          {t('proposals.effect.needsAdminText', {
            bound: pf.number(NAV_CHANGE_ADMIN_BOUND_BPS / 10_000, { style: 'percent', maximumFractionDigits: 2 }),
          })}
        </Alert>
      ) : null}
      <Details>
        <Detail label={t('proposals.effect.nav')}>
          {e.previousNav === null ? (
            <>
              <Box component="span" sx={{ fontWeight: 700 }}>
                {money(e.nav)}
              </Box>
              <Typography component="span" variant="body2" color="text.secondary">
                {t('proposals.effect.firstNav')}
              </Typography>
            </>
          ) : (
            <BeforeAfter before={money(e.previousNav)} after={money(e.nav)} strong />
          )}
        </Detail>
        {change !== null ? (
          <Detail label={t('proposals.effect.change')}>
            <ChangeText bps={change} testId="proposal-nav-change" />
            {e.needsAdmin ? <Chip size="small" color="error" label={t('proposals.effect.needsAdmin')} /> : null}
          </Detail>
        ) : null}
        <Detail label={t('proposals.effect.holdersCount')}>{pf.number(e.holdersCount)}</Detail>
        <Detail label={t('proposals.effect.totalValue')}>
          <BeforeAfter before={money(e.totalValueBefore)} after={money(e.totalValueAfter)} strong />
        </Detail>
        <Detail label={t('proposals.effect.operatorHolders')}>
          <OperatorHolders count={e.operatorHolders} />
        </Detail>
      </Details>
      <HoldersTable holders={e.holders} holdersCount={e.holdersCount} currency={e.currency} mode="nav" />
    </>
  );
}

function DividendEffectView({ e }: { e: DividendEffect }) {
  const { t } = useTranslation('admin');
  const pf = useProposalFormat();
  return (
    <>
      <Details>
        <Detail label={t('proposals.effect.holdersCount')}>{pf.number(e.holdersCount)}</Detail>
        <Detail label={t('proposals.effect.dividendTotal')}>
          <Box component="span" sx={{ fontWeight: 700 }}>
            {pf.moneyOf(e.total, e.currency)}
          </Box>
        </Detail>
        <Detail label={t('proposals.effect.operatorHolders')}>
          <OperatorHolders count={e.operatorHolders} />
        </Detail>
      </Details>
      <HoldersTable holders={e.holders} holdersCount={e.holdersCount} currency={e.currency} mode="dividend" />
    </>
  );
}

function ImportEffectView({ e }: { e: ImportEffect }) {
  const { t } = useTranslation('admin');
  const pf = useProposalFormat();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const credits = operatorsFirst(e.credits);
  const operators = e.credits.filter((c) => c.isOperator).length;
  const title = t('proposals.effect.credits');
  return (
    <>
      <Details>
        <Detail label={t('proposals.effect.lines')}>{pf.number(e.lines)}</Detail>
        <Detail label={t('proposals.effect.newLines')}>{pf.number(e.newLines)}</Detail>
        <Detail label={t('proposals.effect.totalToman')}>
          <Box component="span" sx={{ fontWeight: 700 }}>
            {pf.moneyOf(e.totalToman, 'IRT')}
          </Box>
        </Detail>
        <Detail label={t('proposals.effect.creditedOperators')}>
          <OperatorHolders count={operators} />
        </Detail>
      </Details>
      <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 700 }}>
        {title}
      </Typography>
      {credits.length === 0 ? (
        <Typography color="text.secondary">{t('proposals.effect.noCredits')}</Typography>
      ) : isDesktop ? (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={title} data-testid="proposal-credits">
            <TableHead>
              <TableRow>
                <TableCell>{t('proposals.effect.user')}</TableCell>
                <TableCell>{t('proposals.effect.amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {credits.map((c) => (
                <TableRow key={c.userId} hover data-operator={c.isOperator ? 'true' : undefined}>
                  <TableCell>
                    <Person p={c} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}>
                    {pf.moneyOf(c.amountToman, 'IRT')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : (
        <List
          disablePadding
          aria-label={title}
          data-testid="proposal-credits"
          sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
        >
          {credits.map((c) => (
            <Paper
              key={c.userId}
              component={ListItem}
              variant="outlined"
              data-operator={c.isOperator ? 'true' : undefined}
              sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 0.5, py: 1.25 }}
            >
              <Person p={c} />
              <Typography sx={{ fontWeight: 700 }}>{pf.moneyOf(c.amountToman, 'IRT')}</Typography>
            </Paper>
          ))}
        </List>
      )}
    </>
  );
}

/** Each field of a fund's terms as the console writes it, for the before → after table. */
function useTermRows(): (
  before: Terms,
  after: Terms,
  currency: string,
) => { key: string; before: string; after: string }[] {
  const { t } = useTranslation('admin');
  const pf = useProposalFormat();
  const percent = (bps: number) => pf.number(bps / 10_000, { style: 'percent', maximumFractionDigits: 2 });
  const paused = (v: boolean) => t(v ? 'proposals.terms.paused' : 'proposals.terms.open');
  return (before, after, currency) => {
    const money = (a: string) => pf.moneyOf(a, currency);
    const rows: { key: string; before: string; after: string }[] = [];
    const add = (key: string, b: string | undefined, a: string | undefined) => {
      if (b !== undefined || a !== undefined) rows.push({ key, before: b ?? '—', after: a ?? '—' });
    };
    if (before.fees || after.fees) {
      add(
        'purchaseFixedFee',
        before.fees && money(before.fees.purchaseFixedFee),
        after.fees && money(after.fees.purchaseFixedFee),
      );
      add(
        'managementFee',
        before.fees && percent(before.fees.managementFeeBps),
        after.fees && percent(after.fees.managementFeeBps),
      );
      add(
        'redeemFixedFee',
        before.fees && money(before.fees.redeemFixedFee),
        after.fees && money(after.fees.redeemFixedFee),
      );
      add(
        'performanceFee',
        before.fees && percent(before.fees.performanceFeeBps),
        after.fees && percent(after.fees.performanceFeeBps),
      );
    }
    if (before.limits || after.limits) {
      const max = (m: string | null) => (m === null ? t('proposals.terms.noMax') : money(m));
      add(
        'minPurchase',
        before.limits && money(before.limits.minPurchase),
        after.limits && money(after.limits.minPurchase),
      );
      add(
        'maxPurchase',
        before.limits && max(before.limits.maxPurchase),
        after.limits && max(after.limits.maxPurchase),
      );
      add(
        'minRedeemUnits',
        before.limits && pf.units(before.limits.minRedeemUnits),
        after.limits && pf.units(after.limits.minRedeemUnits),
      );
    }
    add(
      'buyingPaused',
      before.buyingPaused === undefined ? undefined : paused(before.buyingPaused),
      after.buyingPaused === undefined ? undefined : paused(after.buyingPaused),
    );
    add(
      'redeemingPaused',
      before.redeemingPaused === undefined ? undefined : paused(before.redeemingPaused),
      after.redeemingPaused === undefined ? undefined : paused(after.redeemingPaused),
    );
    return rows;
  };
}

function TermsEffectView({ e, currency }: { e: TermsEffect; currency: string }) {
  const { t } = useTranslation('admin');
  const pf = useProposalFormat();
  const rowsOf = useTermRows();
  const rows = rowsOf(e.before, e.after, currency);
  const title = t('proposals.terms.title');
  return (
    <>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={title} data-testid="proposal-terms">
          <TableHead>
            <TableRow>
              <TableCell>{t('proposals.terms.field')}</TableCell>
              <TableCell>{t('proposals.terms.before')}</TableCell>
              <TableCell>{t('proposals.terms.after')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.key} hover>
                <TableCell component="th" scope="row">
                  {t(`proposals.terms.fields.${r.key}`)}
                </TableCell>
                <TableCell sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>{r.before}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: r.before === r.after ? undefined : 700 }}>
                  {r.after}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="body2" color="text.secondary">
        {t('proposals.terms.holders', { formatted: pf.number(e.holdersCount) })}
      </Typography>
    </>
  );
}

/** The tether market's settings, field by field, as the console writes them (issue 17). */
function useTetherSettingRows(): (e: TetherEffect) => { key: string; before: string; after: string }[] {
  const { t } = useTranslation('admin');
  const pf = useProposalFormat();
  const percent = (bps: number) => pf.number(bps / 10_000, { style: 'percent', maximumFractionDigits: 2 });
  const seconds = (s: number) => t('proposals.tether.seconds', { formatted: pf.number(s) });
  const toman = (a: string) => pf.moneyOf(a, 'IRT');
  return ({ before: b, after: a }) => [
    { key: 'spread', before: percent(b.spreadBps), after: percent(a.spreadBps) },
    { key: 'fee', before: percent(b.feeBps), after: percent(a.feeBps) },
    { key: 'quoteTtl', before: seconds(b.quoteTtlSeconds), after: seconds(a.quoteTtlSeconds) },
    { key: 'minTrade', before: toman(b.minTradeToman), after: toman(a.minTradeToman) },
    { key: 'dailyLimit1', before: toman(b.dailyLimitToman['1']), after: toman(a.dailyLimitToman['1']) },
    { key: 'dailyLimit2', before: toman(b.dailyLimitToman['2']), after: toman(a.dailyLimitToman['2']) },
  ];
}

/** A setting's line of a before → after table: its label, as it is and as it would be. */
interface SettingRow {
  key: string;
  label: string;
  before: string;
  after: string;
}

/**
 * Settings now → as proposed, one row a field (under a heading row a group, when grouped); the rows that
 * change marked (`data-changed`), tinted and their new value in bold. The tether market's and tether on
 * chain's settings proposals show their effect with it.
 */
function SettingsChangeTable({
  title,
  testId,
  groups,
}: {
  title: string;
  testId: string;
  groups: readonly { key: string; title?: string; rows: readonly SettingRow[] }[];
}) {
  const { t } = useTranslation('admin');
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={title} data-testid={testId}>
        <TableHead>
          <TableRow>
            <TableCell>{t('proposals.terms.field')}</TableCell>
            <TableCell>{t('proposals.terms.before')}</TableCell>
            <TableCell>{t('proposals.terms.after')}</TableCell>
          </TableRow>
        </TableHead>
        {groups.map((g) => (
          <TableBody key={g.key} data-group={g.key}>
            {g.title ? (
              <TableRow>
                <TableCell
                  component="th"
                  scope="rowgroup"
                  colSpan={3}
                  sx={{ fontWeight: 700, bgcolor: 'action.hover' }}
                >
                  {g.title}
                </TableCell>
              </TableRow>
            ) : null}
            {g.rows.map((r) => {
              const changed = r.before !== r.after;
              return (
                <TableRow
                  key={r.key}
                  hover
                  data-changed={changed ? 'true' : undefined}
                  sx={changed ? { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.1) } : undefined}
                >
                  <TableCell component="th" scope="row" sx={{ fontWeight: changed ? 600 : undefined }}>
                    {r.label}
                  </TableCell>
                  <TableCell sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>{r.before}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: changed ? 700 : undefined }}>{r.after}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        ))}
      </Table>
    </TableContainer>
  );
}

/** The tether market's settings now → as proposed; the fields that change marked. */
function TetherSettingsEffectView({ e }: { e: TetherEffect }) {
  const { t } = useTranslation('admin');
  const rows = useTetherSettingRows()(e).map((r) => ({ ...r, label: t(`proposals.tether.fields.${r.key}`) }));
  return (
    <>
      {e.paused ? <Alert severity="info">{t('proposals.tether.paused')}</Alert> : null}
      <SettingsChangeTable
        title={t('proposals.tether.title')}
        testId="proposal-tether-settings"
        groups={[{ key: 'market', rows }]}
      />
      <Typography variant="body2" color="text.secondary">
        {t('proposals.tether.note')}
      </Typography>
    </>
  );
}

/** The fields of a network's settings on chain, in the order the console shows them. */
const CHAIN_NETWORK_FIELDS = [
  'confirmations',
  'minDeposit',
  'withdrawalFee',
  'minWithdrawal',
  'maxWithdrawal',
] as const;
const CHAIN_GLOBAL_FIELDS = ['dailyWithdrawalLimit', 'reviewAbove', 'secondReviewAbove'] as const;

/** How many of tether on chain's settings a proposal changes (every field of every network and the bounds). */
export function chainSettingsChangeCount(before: ChainValues, after: ChainValues): number {
  let n = 0;
  for (const net of TETHER_NETWORK_KEYS) {
    for (const f of CHAIN_NETWORK_FIELDS) if (String(before.networks[net][f]) !== String(after.networks[net][f])) n++;
  }
  for (const f of CHAIN_GLOBAL_FIELDS) if (before[f] !== after[f]) n++;
  return n;
}

/** Tether on chain's settings now → as proposed: a group a network, then the daily limit and review bounds. */
function ChainSettingsEffectView({ e }: { e: ChainEffect }) {
  const { t } = useTranslation('admin');
  const pf = useProposalFormat();
  const usdt = (a: string) => pf.moneyOf(a, 'USDT');
  const network = (net: TetherNetworkKey) => {
    const b = e.before.networks[net];
    const a = e.after.networks[net];
    return CHAIN_NETWORK_FIELDS.map((f) => ({
      key: `${net}.${f}`,
      label: t(`proposals.chain.fields.${f}`),
      before:
        f === 'confirmations' ? t('proposals.chain.blocks', { formatted: pf.number(b.confirmations) }) : usdt(b[f]),
      after:
        f === 'confirmations' ? t('proposals.chain.blocks', { formatted: pf.number(a.confirmations) }) : usdt(a[f]),
    }));
  };
  const groups = [
    ...TETHER_NETWORK_KEYS.map((net) => ({
      key: net,
      title: t(`proposals.chain.networks.${net}`),
      rows: network(net),
    })),
    {
      key: 'limits',
      title: t('proposals.chain.limits'),
      rows: CHAIN_GLOBAL_FIELDS.map((f) => ({
        key: f,
        label: t(`proposals.chain.fields.${f}`),
        before: usdt(e.before[f]),
        after: usdt(e.after[f]),
      })),
    },
  ];
  return (
    <>
      <SettingsChangeTable title={t('proposals.chain.title')} testId="proposal-chain-settings" groups={groups} />
      <Typography variant="body2" color="text.secondary" data-testid="proposal-chain-pending">
        {t('proposals.chain.pendingWithdrawals', { formatted: pf.number(e.pendingWithdrawals) })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('proposals.chain.note')}
      </Typography>
    </>
  );
}

const BASKET_BAND_FIELDS = ['volatilityTarget', 'tetherShare'] as const;
const BASKET_CONSTRUCTION_FIELDS = [
  'maxWeight',
  'minWeight',
  'minAssets',
  'maxAssets',
  'minHistoryDays',
  'meanShrinkage',
  'maxAnnualReturn',
] as const;

/** The baskets' settings as lines of text, field by field (issue 20): what a before → after table compares. */
function useBasketSettingRows(): (v: BasketValues) => { bands: string[][]; construction: string[]; orders: string[] } {
  const { t } = useTranslation('admin');
  const pf = useProposalFormat();
  const percent = (n: number) => pf.number(n, { style: 'percent', maximumFractionDigits: 2 });
  return (v) => {
    const c = v.construction;
    const field: Record<(typeof BASKET_CONSTRUCTION_FIELDS)[number], string> = {
      maxWeight: percent(c.maxWeight),
      minWeight: percent(c.minWeight),
      minAssets: t('proposals.basket.assets', { formatted: pf.number(c.minAssets) }),
      maxAssets: t('proposals.basket.assets', { formatted: pf.number(c.maxAssets) }),
      minHistoryDays: t('proposals.basket.days', { formatted: pf.number(c.minHistoryDays) }),
      meanShrinkage: percent(c.meanShrinkage),
      maxAnnualReturn: percent(c.maxAnnualReturn),
    };
    return {
      bands: RISK_BANDS.map((b) => {
        const band = c.bands[String(b) as keyof typeof c.bands];
        return [percent(band.volatilityTarget), percent(band.tetherShare)];
      }),
      construction: BASKET_CONSTRUCTION_FIELDS.map((f) => field[f]),
      orders: [
        pf.number(v.feeBps / 10_000, { style: 'percent', maximumFractionDigits: 2 }),
        v.excludedSymbols.length > 0 ? v.excludedSymbols.join('، ') : t('proposals.basket.none'),
        pf.moneyOf(v.vipSecondReviewAbove, 'USDT'),
      ],
    };
  };
}

/** How many of the baskets' settings a proposal changes (each band's two figures, the construction, the rest). */
export function basketSettingsChangeCount(before: BasketValues, after: BasketValues): number {
  let n = 0;
  for (const b of RISK_BANDS) {
    const k = String(b) as keyof BasketValues['construction']['bands'];
    for (const f of BASKET_BAND_FIELDS) if (before.construction.bands[k][f] !== after.construction.bands[k][f]) n++;
  }
  for (const f of BASKET_CONSTRUCTION_FIELDS) if (before.construction[f] !== after.construction[f]) n++;
  if (before.feeBps !== after.feeBps) n++;
  if ([...before.excludedSymbols].sort().join() !== [...after.excludedSymbols].sort().join()) n++;
  if (before.vipSecondReviewAbove !== after.vipSecondReviewAbove) n++;
  return n;
}

/**
 * The baskets' settings now → as proposed: a group a risk band (volatility target, tether share), the
 * construction's bounds, then the fee, the excluded symbols and the VIP review bound.
 */
function BasketSettingsEffectView({ e }: { e: BasketEffect }) {
  const { t } = useTranslation('admin');
  const pf = useProposalFormat();
  const rowsOf = useBasketSettingRows();
  const b = rowsOf(e.before);
  const a = rowsOf(e.after);
  const label = (f: string) => t(`proposals.basket.fields.${f}`);
  const groups = [
    ...RISK_BANDS.map((band, i) => ({
      key: `band-${band}`,
      title: t('proposals.basket.band', {
        risk: pf.number(band),
        persona: t(`basketDesk:risk.personas.${RISK_PERSONA[band]}`),
      }),
      rows: BASKET_BAND_FIELDS.map((f, j) => ({
        key: `${band}.${f}`,
        label: label(f),
        before: b.bands[i]![j]!,
        after: a.bands[i]![j]!,
      })),
    })),
    {
      key: 'construction',
      title: t('proposals.basket.construction'),
      rows: BASKET_CONSTRUCTION_FIELDS.map((f, i) => ({
        key: f,
        label: label(f),
        before: b.construction[i]!,
        after: a.construction[i]!,
      })),
    },
    {
      key: 'orders',
      title: t('proposals.basket.orders'),
      rows: (['feeBps', 'excludedSymbols', 'vipSecondReviewAbove'] as const).map((f, i) => ({
        key: f,
        label: label(f),
        before: b.orders[i]!,
        after: a.orders[i]!,
      })),
    },
  ];
  return (
    <>
      <SettingsChangeTable title={t('proposals.basket.title')} testId="proposal-basket-settings" groups={groups} />
      <Typography variant="body2" color="text.secondary" data-testid="proposal-basket-waiting">
        {t('proposals.basket.waitingOrders', { formatted: pf.number(e.waitingOrders) })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('proposals.basket.heldBaskets', { formatted: pf.number(e.heldBaskets) })}
      </Typography>
    </>
  );
}

/**
 * What approving a pending proposal would do, computed by the server when read (holders buy and redeem
 * meanwhile): a NAV's change and every holder's value before → after, a dividend's share of each holder,
 * the users a statement would credit, a fund's terms, the tether market's and tether on chain's settings
 * before → after.
 * Operators are marked and counted.
 */
export function ProposalEffectView({ p }: { p: Proposal }): ReactNode {
  const { t } = useTranslation('admin');
  const e = p.effect;
  if (!e) return <Typography color="text.secondary">{t('proposals.effect.decided')}</Typography>;
  switch (e.kind) {
    case 'nav_publish':
    case 'nav_correction':
      return <NavEffectView e={e} />;
    case 'dividend':
      return <DividendEffectView e={e} />;
    case 'bank_statement_import':
      return <ImportEffectView e={e} />;
    case 'fund_terms':
      return <TermsEffectView e={e} currency={p.fund?.currency ?? ''} />;
    case 'tether_settings':
      return <TetherSettingsEffectView e={e} />;
    case 'chain_settings':
      return <ChainSettingsEffectView e={e} />;
    case 'basket_settings':
      return <BasketSettingsEffectView e={e} />;
  }
}
