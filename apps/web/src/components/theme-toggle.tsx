import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { themeModePreference } from '@/lib/preferences';

/** Dark (default) or light; remembered in localStorage. (A native title, not a MUI Tooltip: the auth page stays light.) */
export function ThemeToggle() {
  const { t } = useTranslation();
  const mode = themeModePreference.use();
  const label = mode === 'dark' ? t('common.theme.toLight') : t('common.theme.toDark');
  return (
    <IconButton
      color="inherit"
      aria-label={label}
      title={label}
      onClick={() => themeModePreference.set(mode === 'dark' ? 'light' : 'dark')}
    >
      {mode === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
    </IconButton>
  );
}
