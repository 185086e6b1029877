import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LogoMark } from '@/components/logo';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { formatDigits } from '@/lib/format';

/** The terms' sections, in the order they are read. */
export const TERMS_SECTIONS = ['account', 'kyc', 'bank', 'investment', 'fees', 'security', 'demo', 'changes'] as const;

/** CSS counter style writing the list's numbers in the language's digits. */
function listStyleOf(lng: string): string {
  if (lng === 'fa') return 'persian';
  return formatDigits('1', lng) === '1' ? 'decimal' : 'arabic-indic';
}

/**
 * `/terms`: the terms and conditions of use that the sign-in page asks the user to accept. Open to every
 * visitor (signed in or not); its texts are the `legal` namespace, loaded with the page.
 */
export default function TermsScreen() {
  const { t } = useTranslation('legal');
  const { lng } = useLanguage();
  const titleId = 'terms-title';
  return (
    <Box component="main" sx={{ maxWidth: 760, mx: 'auto', px: 2, py: { xs: 3, sm: 6 } }}>
      <title>{`${t('terms.pageTitle')} | ${t('translation:app.name')}`}</title>
      <Paper
        component="article"
        aria-labelledby={titleId}
        variant="outlined"
        sx={{ p: { xs: 2.5, sm: 4 }, display: 'flex', flexDirection: 'column', gap: 2.5 }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <LogoMark size={40} />
          <Typography id={titleId} variant="h1" sx={{ fontSize: { xs: '1.35rem', sm: '1.6rem' } }}>
            {t('terms.pageTitle')}
          </Typography>
        </Box>
        <Typography color="text.secondary">{t('terms.intro')}</Typography>
        <Box
          component="ol"
          // The sections' numbers in the interface's digits (Persian digits in Persian).
          sx={{ m: 0, ps: 3, display: 'flex', flexDirection: 'column', gap: 2, listStyleType: listStyleOf(lng) }}
        >
          {TERMS_SECTIONS.map((section) => (
            <Box component="li" key={section} sx={{ '&::marker': { fontWeight: 700 } }}>
              <Typography variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 700, mb: 0.5 }}>
                {t(`terms.sections.${section}.title`)}
              </Typography>
              <Typography sx={{ lineHeight: 1.9 }}>{t(`terms.sections.${section}.text`)}</Typography>
            </Box>
          ))}
        </Box>
        <Box>
          {/* Home: the portal when signed in, the sign-in page (through the session gate) otherwise. */}
          <Button variant="outlined" component={RouterLink} to={paths.home.getHref()}>
            {t('terms.back')}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
