import { createAuthClient } from "better-auth/react";

/** better-auth on this origin at /api/auth; who is signed in is read from /api/me, not from here. */
export const authClient = createAuthClient();
