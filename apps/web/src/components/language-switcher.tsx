import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { LANGUAGE_NAMES } from '@/lib/i18n';
import { useMenuTrigger } from './use-menu-trigger';

const loadMenu = () => import('./language-menu');
const LanguageMenu = lazy(loadMenu);

/**
 * Switches the interface language; the choice is remembered (localStorage and cookie). The
 * menu's code loads on first use (hover, focus or click) to keep the auth page's first load small.
 */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { lng, change } = useLanguage();
  const menu = useMenuTrigger(loadMenu);
  return (
    <>
      <Button
        {...menu.triggerProps}
        color="inherit"
        aria-label={`${t('common.language')}: ${LANGUAGE_NAMES[lng]}`}
        startIcon={<TranslateIcon />}
        sx={{ minWidth: 0, px: compact ? 1 : 1.5, '& .MuiButton-startIcon': compact ? { m: 0 } : {} }}
      >
        {compact ? null : LANGUAGE_NAMES[lng]}
      </Button>
      {menu.wanted ? (
        <Suspense fallback={null}>
          <LanguageMenu
            id={menu.menuId}
            labelledBy={menu.buttonId}
            anchor={menu.anchor}
            current={lng}
            onClose={menu.close}
            onSelect={(c) => {
              menu.close();
              if (c !== lng) void change(c);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
