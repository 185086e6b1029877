import type { z } from 'zod';
import type { loggedInSchema } from '@portal/contract/auth/auth';

/** A first or second factor that opened the session. */
export type LoggedIn = z.infer<typeof loggedInSchema>;
