import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';

/** The QR encoder is fetched with the first code drawn (it is not on any first load). */
async function toSvgDataUrl(text: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * A QR code of `text` (an otpauth:// URI, a link…), drawn in the browser: the text never leaves
 * the page. Black on white whatever the theme, so every scanner reads it.
 */
export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const query = useQuery({
    queryKey: ['qr', text],
    queryFn: () => toSvgDataUrl(text),
    staleTime: Infinity,
    gcTime: 0,
  });
  if (!query.data) {
    return <Skeleton variant="rectangular" width={size} height={size} aria-label={label} role="img" />;
  }
  return (
    <Box
      component="img"
      src={query.data}
      alt={label}
      width={size}
      height={size}
      sx={{ display: 'block', bgcolor: '#fff', borderRadius: 1 }}
    />
  );
}
