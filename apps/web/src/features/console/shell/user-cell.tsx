import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { displayMobile } from '@/lib/format';
import { useCan } from './operator';
import { personName } from './schemas';

/** A user in a list or a detail: name (or "no name") and number, a link to their page for a role that reads users. */
export function UserCell({
  user,
}: {
  user: { id: string; mobile: string; firstName: string | null; lastName: string | null };
}) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const can = useCan();
  const name = personName(user.firstName, user.lastName) ?? t('users.noName');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      {can('users.read') ? (
        <Link component={RouterLink} to={paths.adminUser.getHref(user.id)} sx={{ fontWeight: 600 }} dir="auto">
          {name}
        </Link>
      ) : (
        <Typography component="span" sx={{ fontWeight: 600 }} dir="auto">
          {name}
        </Typography>
      )}
      <Typography component="span" variant="body2" color="text.secondary" dir="ltr" sx={{ whiteSpace: 'nowrap' }}>
        {displayMobile(user.mobile, fmt.lng)}
      </Typography>
    </Box>
  );
}
