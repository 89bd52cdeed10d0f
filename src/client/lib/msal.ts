import type { AuthConfig } from "@shared/auth";

type Msal = import("@azure/msal-browser").PublicClientApplication;
let instance: Promise<Msal> | null = null;

/** Scopes of the sign-in popup (the spec: User.Read with an account-selection prompt). */
export const SIGN_IN_SCOPES = ["User.Read"];

/**
 * The MSAL client, loaded only in Entra mode so local-account installs never download it. Cache in local
 * storage; the spec's hash timeouts map to MSAL 5's bridge timeouts (popup 60000 ms, iframe 6000 ms).
 */
export function getMsal(entra: NonNullable<AuthConfig["entra"]>): Promise<Msal> {
  instance ??= import("@azure/msal-browser").then(async ({ PublicClientApplication }) => {
    const app = new PublicClientApplication({
      auth: { clientId: entra.clientId, authority: entra.authority, redirectUri: window.location.origin },
      cache: { cacheLocation: "localStorage" },
      system: { popupBridgeTimeout: 60000, iframeBridgeTimeout: 6000 },
    });
    await app.initialize();
    const account = app.getActiveAccount() ?? app.getAllAccounts()[0];
    if (account) app.setActiveAccount(account);
    return app;
  });
  return instance;
}

/** A current ID token for our API (the server verifies it against the tenant's keys). */
export async function acquireIdToken(app: Msal): Promise<string | null> {
  const account = app.getActiveAccount();
  if (!account) return null;
  try {
    const result = await app.acquireTokenSilent({ scopes: SIGN_IN_SCOPES, account });
    return result.idToken || null;
  } catch {
    const result = await app.acquireTokenPopup({ scopes: SIGN_IN_SCOPES, account });
    return result.idToken || null;
  }
}

/**
 * An access token for Microsoft Graph with these scopes: silently from MSAL's cache when it can, with a popup
 * (consent or sign-in) when that fails (the spec's rule for the directory and contacts).
 */
export async function acquireAccessToken(app: Msal, scopes: string[]): Promise<string> {
  const account = app.getActiveAccount();
  if (!account) throw new Error("not signed in with Microsoft");
  try {
    return (await app.acquireTokenSilent({ scopes, account })).accessToken;
  } catch {
    return (await app.acquireTokenPopup({ scopes, account })).accessToken;
  }
}

/** True when this page load is MSAL's popup or iframe coming back with an auth response. */
export function isAuthResponseFrame(): boolean {
  const hasPayload = /[#&?](code|error)=/.test(window.location.hash + window.location.search);
  return (
    hasPayload &&
    /state=/.test(window.location.hash + window.location.search) &&
    (!!window.opener || window.parent !== window)
  );
}
