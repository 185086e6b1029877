import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { ConsolePage } from '../shell/console-page';

export const BASKET_SECTIONS = ['orders', 'vip', 'failed', 'universe', 'settings'] as const;
export type BasketSection = (typeof BASKET_SECTIONS)[number];

const HREF: Record<BasketSection, string> = {
  orders: paths.adminBasketOrders.getHref(),
  vip: paths.adminBasketVip.getHref(),
  failed: paths.adminBasketFailed.getHref(),
  universe: paths.adminBasketUniverse.getHref(),
  settings: paths.adminBasketSettings.getHref(),
};

/**
 * A page of the basket desk (issue 20): its title, the desk's sections as tabs that are links (each section
 * is a page with its own address and filters), then the section.
 */
export function BasketFrame({
  section,
  actions,
  children,
}: {
  section: BasketSection;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('basketDesk');
  return (
    <ConsolePage title={t(`sections.${section}`)} actions={actions}>
      <Tabs
        value={section}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('sectionsLabel')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {BASKET_SECTIONS.map((s) => (
          <Tab
            key={s}
            value={s}
            label={t(`tabs.${s}`)}
            component={RouterLink}
            to={HREF[s]}
            aria-current={s === section ? 'page' : undefined}
          />
        ))}
      </Tabs>
      {children}
    </ConsolePage>
  );
}

/** A filter of a list: every value, or one (the address keeps it). */
export function FilterSelect<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  return (
    <TextField
      select
      size="small"
      id={id}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as V)}
      sx={{ minWidth: 180, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A value of the address among allowed ones, else the fallback. */
export function oneOf<V extends string>(allowed: readonly V[], raw: string | null, fallback: V): V {
  return (allowed as readonly string[]).includes(raw ?? '') ? (raw as V) : fallback;
}
