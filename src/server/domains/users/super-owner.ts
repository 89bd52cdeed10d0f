/** The one super-owner account is named by configuration (SUPER_OWNER_EMAIL), compared case-insensitively. */
export function isSuperOwnerEmail(email: string, superOwnerEmail: string | undefined): boolean {
  return !!superOwnerEmail && email.trim().toLowerCase() === superOwnerEmail;
}
