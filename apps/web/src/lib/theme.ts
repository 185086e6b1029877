import { createTheme, type Theme } from '@mui/material/styles';
import type { ThemeMode } from './preferences';

export const FONT_FAMILY = [
  'Vazirmatn',
  'Tahoma',
  'system-ui',
  '-apple-system',
  'Segoe UI',
  'Roboto',
  'sans-serif',
].join(',');

/** Background colours, also used for `<meta name="theme-color">`. */
export const BACKGROUND = { dark: '#0e141b', light: '#f5f7fa' } as const;

/**
 * The portal's theme: dark by default, light on request; breakpoints, spacing and radius of
 * SPEC §9. Colours are chosen for WCAG AA contrast in both modes (contrastThreshold 4.5 makes
 * MUI pick button text that meets it).
 */
export function createAppTheme(mode: ThemeMode, direction: 'rtl' | 'ltr'): Theme {
  const dark = mode === 'dark';
  return createTheme({
    direction,
    breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
    spacing: 8,
    shape: { borderRadius: 4 },
    palette: {
      mode,
      contrastThreshold: 4.5,
      primary: dark
        ? { main: '#3ec98e', dark: '#31a272', contrastText: '#06170f' }
        : { main: '#0b7a50', contrastText: '#ffffff' },
      secondary: dark
        ? { main: '#f4c25b', dark: '#e0aa3a', contrastText: '#1a1300' }
        : { main: '#8a5a00', contrastText: '#ffffff' },
      success: dark ? { main: '#4fd18b' } : { main: '#1b7a3d' },
      error: dark ? { main: '#ff8a80', dark: '#ff6f61', contrastText: '#1a0000' } : { main: '#c62828' },
      warning: dark ? { main: '#ffb74d' } : { main: '#a15c00' },
      info: dark ? { main: '#7cc4ff' } : { main: '#0b64b0' },
      background: dark
        ? { default: BACKGROUND.dark, paper: '#16202b' }
        : { default: BACKGROUND.light, paper: '#ffffff' },
      text: dark ? { primary: '#e8eef4', secondary: '#a9b7c6' } : { primary: '#14202b', secondary: '#4a5a6a' },
      divider: dark ? 'rgba(255,255,255,0.12)' : 'rgba(0,0,0,0.12)',
    },
    typography: {
      fontFamily: FONT_FAMILY,
      button: { textTransform: 'none', fontWeight: 600 },
      h1: { fontSize: '1.75rem', fontWeight: 700 },
      h2: { fontSize: '1.375rem', fontWeight: 700 },
      h3: { fontSize: '1.125rem', fontWeight: 700 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      MuiLink: { defaultProps: { underline: 'hover' } },
    },
  });
}
