import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { LANGUAGE_NAMES } from '@/lib/i18n';

const loadMenu = () => import('./language-menu');
const LanguageMenu = lazy(loadMenu);

/**
 * Switches the interface language; the choice is remembered (localStorage and cookie). The
 * menu's code loads on first use (hover, focus or click) to keep the auth page's first load small.
 */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { lng, change } = useLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const menuId = useId();
  const buttonId = useId();

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={(e) => {
          setWanted(true);
          setAnchor(e.currentTarget);
        }}
        aria-label={`${t('common.language')}: ${LANGUAGE_NAMES[lng]}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        startIcon={<TranslateIcon />}
        sx={{ minWidth: 0, px: compact ? 1 : 1.5, '& .MuiButton-startIcon': compact ? { m: 0 } : {} }}
      >
        {compact ? null : LANGUAGE_NAMES[lng]}
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <LanguageMenu
            id={menuId}
            labelledBy={buttonId}
            anchor={anchor}
            current={lng}
            onClose={() => setAnchor(null)}
            onSelect={(c) => {
              setAnchor(null);
              if (c !== lng) void change(c);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
