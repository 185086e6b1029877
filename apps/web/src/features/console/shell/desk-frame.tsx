import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConsolePage } from './console-page';

/**
 * A page of a desk whose sections are pages of their own (the chain desk, the basket desk): its title, the
 * desk's sections as tabs that are links (each section has its own address and filters), then the section.
 */
export function DeskFrame<S extends string>({
  title,
  sections,
  section,
  hrefOf,
  labelOf,
  sectionsLabel,
  actions,
  children,
}: {
  title: string;
  sections: readonly S[];
  section: S;
  hrefOf: (section: S) => string;
  labelOf: (section: S) => string;
  /** The tab list's accessible name. */
  sectionsLabel: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <ConsolePage title={title} actions={actions}>
      <Tabs
        value={section}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={sectionsLabel}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {sections.map((s) => (
          <Tab
            key={s}
            value={s}
            label={labelOf(s)}
            component={RouterLink}
            to={hrefOf(s)}
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
      sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
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
