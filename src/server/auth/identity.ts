import type { Actor, Role } from "@shared/permissions";

/** The authenticated caller as the server sees it. Never built from a request body or a client header. */
export interface Identity extends Actor {
  id: number;
  name: string;
  role: Role;
  /** Set when the identity came from a local session cookie (so sign-out can revoke it). */
  sessionId?: string;
  /** Signed in with a temporary password: the guard lets this session do nothing but change it. */
  mustChangePassword?: boolean;
}
/** The one super-owner account is named by configuration (SUPER_OWNER_EMAIL), compared case-insensitively. */
export function isSuperOwnerEmail(email: string, superOwnerEmail: string | undefined): boolean {
  return !!superOwnerEmail && email.trim().toLowerCase() === superOwnerEmail;
}
