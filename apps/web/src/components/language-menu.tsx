import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { CULTURES, type Culture } from '@portal/contract/core/constants';
import { LANGUAGE_NAMES } from '@/lib/i18n';

/** The language switcher's menu; its own chunk, loaded when the switcher is first opened. */
export default function LanguageMenu({
  id,
  labelledBy,
  anchor,
  current,
  onClose,
  onSelect,
}: {
  id: string;
  labelledBy: string;
  anchor: HTMLElement | null;
  current: Culture;
  onClose: () => void;
  onSelect: (lng: Culture) => void;
}) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      slotProps={{ list: { 'aria-labelledby': labelledBy } }}
    >
      {CULTURES.map((c) => (
        <MenuItem key={c} lang={c} selected={c === current} onClick={() => onSelect(c)}>
          {LANGUAGE_NAMES[c]}
        </MenuItem>
      ))}
    </Menu>
  );
}
