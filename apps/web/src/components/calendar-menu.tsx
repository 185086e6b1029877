import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import Check from '@mui/icons-material/Check';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CALENDARS } from '@portal/contract/core/constants';
import { calendarPreference, useCalendar } from '@/lib/preferences';

/** Picks the calendar dates are shown in: Persian, Gregorian or Lunar (SPEC §1). */
export function CalendarMenu() {
  const { t } = useTranslation();
  const calendar = useCalendar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const label = `${t('common.calendar.label')}: ${t(`common.calendar.${calendar}`)}`;

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          id={buttonId}
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <CalendarMonthOutlined />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {CALENDARS.map((c) => (
          <MenuItem
            key={c}
            selected={c === calendar}
            onClick={() => {
              calendarPreference.set(c);
              setAnchor(null);
            }}
          >
            <ListItemIcon>{c === calendar ? <Check fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{t(`common.calendar.${c}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
