import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { addUserNote, type AdminUserDetail } from '@portal/contract/admin/admin';
import { FormError } from '@/components/form/form-error';
import { useNotify } from '@/components/notices/notices';
import { useFormat } from '@/hooks/use-format';
import { useErrorMessage } from '@/lib/error-message';
import { useAddUserNote } from './api';
import { useCan } from '../shell/operator';
import { declared } from '../shell/schemas';
import { Panel } from '../shell/console-page';

const noteSchema = declared(addUserNote.body);

function AddNoteForm({ userId }: { userId: string }) {
  const { t } = useTranslation('admin');
  const notices = useNotify();
  const errorMessage = useErrorMessage();
  const add = useAddUserNote(userId);
  const form = useForm<z.input<typeof noteSchema>>({
    resolver: zodResolver(noteSchema),
    defaultValues: { text: '' },
    mode: 'onSubmit',
  });
  const onSubmit = form.handleSubmit((v) => {
    if (add.isPending) return;
    add.mutate(v.text, {
      onSuccess: () => {
        form.reset();
        notices.success('admin:user.notes.done');
      },
    });
  });
  return (
    <Stack component="form" noValidate spacing={1.5} onSubmit={onSubmit} aria-label={t('user.notes.add')}>
      <Controller
        name="text"
        control={form.control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            id="admin-note-text"
            label={t('user.notes.label')}
            multiline
            minRows={2}
            disabled={add.isPending}
            error={Boolean(fieldState.error)}
            helperText={
              fieldState.error
                ? t(`translation:validation.${fieldState.error.message ?? 'required'}`)
                : t('user.notes.hint')
            }
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        )}
      />
      {add.error ? <FormError message={errorMessage(add.error)} /> : null}
      <Button type="submit" variant="outlined" loading={add.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('user.notes.submit')}
      </Button>
    </Stack>
  );
}

/** Internal notes on a user (operators only), newest first, and a form to add one (`users.note`). */
export function NotesPanel({ userId, notes }: { userId: string; notes: AdminUserDetail['notes'] }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const can = useCan();
  return (
    <Panel id="user-notes" title={t('user.notes.title')}>
      {notes.length === 0 ? (
        <Typography color="text.secondary">{t('user.notes.empty')}</Typography>
      ) : (
        <List disablePadding>
          {notes.map((n) => (
            <ListItem key={n.id} divider disableGutters sx={{ display: 'block' }}>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} dir="auto">
                {n.text}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
                <Typography variant="caption" color="text.secondary">
                  {n.authorName ?? t('user.notes.unknownAuthor')}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {fmt.date(n.createdAt, 'dateTime')}
                </Typography>
              </Box>
            </ListItem>
          ))}
        </List>
      )}
      {can('users.note') ? <AddNoteForm userId={userId} /> : null}
    </Panel>
  );
}
