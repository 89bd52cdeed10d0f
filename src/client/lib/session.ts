/**
 * Who is calling, for request headers. The spec's clients send the acting user in X-User ("guest" when none is
 * known); the server identifies callers by cookie or token and ignores X-User unless it runs in proxy mode.
 */
let actingUser = "guest";
let tokenGetter: (() => Promise<string | null>) | null = null;

export function setActingUser(email: string | null | undefined) {
  actingUser = email || "guest";
}

export function getActingUser() {
  return actingUser;
}

/** In Entra mode the auth provider registers how to get a fresh ID token (MSAL caches and renews it). */
export function setTokenGetter(getter: (() => Promise<string | null>) | null) {
  tokenGetter = getter;
}

/** True in Entra mode: the server knows the caller by a bearer token only, so a plain link is not signed in. */
export function usesBearerToken() {
  return tokenGetter !== null;
}

export async function authHeaders(): Promise<Record<string, string>> {
  const headers: Record<string, string> = { "X-User": actingUser };
  const token = tokenGetter ? await tokenGetter().catch(() => null) : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}
