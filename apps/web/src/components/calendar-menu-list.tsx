import Check from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { CALENDARS, type Calendar } from '@portal/contract/core/constants';

/** The calendar picker's menu; its own chunk, loaded when the picker is first opened. */
export default function CalendarMenuList({
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
  current: Calendar;
  onClose: () => void;
  onSelect: (calendar: Calendar) => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      slotProps={{ list: { 'aria-labelledby': labelledBy } }}
    >
      {CALENDARS.map((c) => (
        <MenuItem key={c} selected={c === current} onClick={() => onSelect(c)}>
          <ListItemIcon>{c === current ? <Check fontSize="small" /> : null}</ListItemIcon>
          <ListItemText>{t(`common.calendar.${c}`)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
