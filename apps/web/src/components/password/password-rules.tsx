import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/hooks/use-format';
import { ELEMENT_MARK, placeElement } from '@/lib/place-element';
import { checkPasswordRules, PASSWORD_RULES, PASSWORD_MIN_LENGTH, PASSWORD_SYMBOLS } from '@/lib/password-rules';

/**
 * The password rules of SPEC §5, ticked live as the user types (the same checks as the
 * contract's schema). A list with each rule's state in words, not only in colour.
 */
export function PasswordRules({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('account');
  const fmt = useFormat();
  const state = checkPasswordRules(password);
  return (
    <Box id={id}>
      <Typography variant="body2" color="text.secondary" id={id ? `${id}-title` : undefined}>
        {t('password.rules.title')}
      </Typography>
      <Box
        component="ul"
        aria-labelledby={id ? `${id}-title` : undefined}
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5, display: 'grid', gap: 0.5 }}
      >
        {PASSWORD_RULES.map((rule) => {
          const met = state[rule];
          const Icon = met ? CheckCircle : RadioButtonUnchecked;
          return (
            <Box
              component="li"
              key={rule}
              sx={{ display: 'flex', gap: 1, alignItems: 'center', color: met ? 'success.main' : 'text.secondary' }}
            >
              <Icon fontSize="small" aria-hidden="true" />
              <Typography variant="body2" sx={{ color: 'text.primary' }}>
                {/* The symbols stay left to right, in one piece, inside a right-to-left sentence: the
                    bidirectional algorithm would otherwise reorder their brackets and marks. */}
                {placeElement(
                  t(`password.rules.${rule}`, {
                    count: PASSWORD_MIN_LENGTH,
                    min: fmt.number(PASSWORD_MIN_LENGTH),
                    symbols: ELEMENT_MARK,
                  }),
                  <Box component="bdi" dir="ltr" sx={{ display: 'inline-block', whiteSpace: 'nowrap' }}>
                    {PASSWORD_SYMBOLS}
                  </Box>,
                )}
                <Box component="span" sx={visuallyHidden}>
                  {` (${met ? t('password.rules.met') : t('password.rules.unmet')})`}
                </Box>
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
