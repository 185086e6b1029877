import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarPreference, useCalendar } from '@/lib/preferences';
import { useMenuTrigger } from './use-menu-trigger';

const loadList = () => import('./calendar-menu-list');
const CalendarMenuList = lazy(loadList);

/**
 * Picks the calendar dates are shown in: Persian, Gregorian or Lunar (SPEC §1). The menu's code loads
 * on first use (hover, focus or click), as the language switcher's does, so that a signed-in page's
 * first load does not carry it; the button's hint is the native title for the same reason.
 */
export function CalendarMenu() {
  const { t } = useTranslation();
  const calendar = useCalendar();
  const menu = useMenuTrigger(loadList);
  const label = `${t('common.calendar.label')}: ${t(`common.calendar.${calendar}`)}`;
  return (
    <>
      <IconButton {...menu.triggerProps} color="inherit" aria-label={label} title={label}>
        <CalendarMonthOutlined />
      </IconButton>
      {menu.wanted ? (
        <Suspense fallback={null}>
          <CalendarMenuList
            id={menu.menuId}
            labelledBy={menu.buttonId}
            anchor={menu.anchor}
            current={calendar}
            onClose={menu.close}
            onSelect={(c) => {
              calendarPreference.set(c);
              menu.close();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
