import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A form's error from the server, announced to screen readers as it appears. */
export function FormError({ message }: { message: string }) {
  return (
    <Box
      role="alert"
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'flex-start',
        p: 1.5,
        borderRadius: 1,
        border: 1,
        borderColor: 'error.main',
        color: 'error.main',
      }}
    >
      <ErrorOutline fontSize="small" aria-hidden="true" sx={{ mt: '2px' }} />
      <Typography variant="body2" sx={{ color: 'text.primary' }}>
        {message}
      </Typography>
    </Box>
  );
}
