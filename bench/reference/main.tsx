/**
 * The reference of the bundle benchmark: the least a React 19 + MUI sign-in form can ship (a theme, a
 * text field, a button), built by the same Vite as the portal. The portal's auth page is compared to it.
 */
import Button from '@mui/material/Button';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

const theme = createTheme({ direction: 'rtl', palette: { mode: 'dark' } });

function SignIn() {
  const [mobile, setMobile] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
      }}
    >
      <TextField label="Mobile" value={mobile} onChange={(e) => setMobile(e.target.value)} />
      <Button type="submit" variant="contained">
        Continue
      </Button>
    </form>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <SignIn />
      </ThemeProvider>
    </StrictMode>,
  );
}
