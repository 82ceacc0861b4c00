import { inferAdditionalFields, usernameClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

// Loaded on demand (web/lib/session.ts, loadAuthClient): the session itself is read without it (ADR 033).
// Same origin (Vite proxies /api in dev), so no baseURL and the HttpOnly cookie just works.
export const authClient = createAuthClient({
  plugins: [
    usernameClient(),
    inferAdditionalFields({
      user: {
        phone: { type: 'string' },
        venmoHandle: { type: 'string' },
        // Sent at sign-up for the server's age rule; never stored or returned.
        ageConfirmed: { type: 'boolean', returned: false },
        // The invite link signed up through; the server keeps it with the account until verification.
        invite: { type: 'string', required: false, returned: false },
      },
    }),
  ],
});

export type SessionUser = NonNullable<ReturnType<typeof authClient.useSession>['data']>['user'];
