import type { AuthConfig, Me } from "@shared/auth";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { ApiError, api } from "./api";
import { acquireIdToken, getMsal, SIGN_IN_SCOPES } from "./msal";
import { setActingUser, setTokenGetter } from "./session";

export const ME_KEY = ["auth", "me"] as const;

/**
 * The two questions the portal asks before anything else: how people sign in (the configuration) and who is
 * signed in. The answer to the second names the acting user in the session's log lines.
 */
export function useAuthSession() {
  const qc = useQueryClient();
  const config = useQuery({
    queryKey: ["auth", "config"],
    queryFn: async () => {
      const answer = await api<AuthConfig>("/api/auth/config");
      // With local accounts the configuration already says who is signed in (the session cookie): the first
      // "who am I" needs no second request.
      if (!answer.entra) qc.setQueryData(ME_KEY, answer.me);
      return answer;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const entra = config.data?.entra ?? null;

  const me = useQuery({
    queryKey: ME_KEY,
    enabled: !!config.data,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      if (entra) {
        const msal = await getMsal(entra);
        setTokenGetter(() => acquireIdToken(msal));
        if (!msal.getActiveAccount()) return null;
      }
      // The config answers who is signed in (null when nobody is): no 401 logged on the sign-in page.
      try {
        return (await api<AuthConfig>("/api/auth/config")).me;
      } catch (err) {
        if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return null;
        throw err;
      }
    },
  });

  useEffect(() => setActingUser(me.data?.email), [me.data?.email]);
  return { config, me, entra };
}

/** Signing in (with a password, or Microsoft's popup when Entra is configured) and out. */
export function useSignInOut(entra: AuthConfig["entra"] | null) {
  const qc = useQueryClient();
  const signInWithPassword = useCallback(
    async (email: string, password: string) => {
      const result = await api<Me>("/api/auth/login", { method: "POST", json: { email, password } });
      qc.setQueryData(ME_KEY, result);
    },
    [qc],
  );

  const signInWithMicrosoft = useCallback(async () => {
    if (!entra) return;
    try {
      const msal = await getMsal(entra);
      const result = await msal.loginPopup({ scopes: SIGN_IN_SCOPES, prompt: "select_account" });
      msal.setActiveAccount(result.account);
      await qc.invalidateQueries({ queryKey: ME_KEY });
    } catch (err) {
      // The spec: sign-in failures are only logged.
      console.error("Sign-in failed", err);
    }
  }, [entra, qc]);

  const signOut = useCallback(async () => {
    try {
      if (entra) {
        const msal = await getMsal(entra);
        const account = msal.getActiveAccount();
        await msal.clearCache({ account: account ?? undefined });
        setTokenGetter(null);
      } else {
        await api("/api/auth/logout", { method: "POST" });
      }
    } catch (err) {
      console.error("Sign-out failed", err);
    }
    // Drop everything the signed-in person had loaded, but keep the public auth configuration.
    qc.setQueryData(ME_KEY, null);
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== "auth" });
  }, [entra, qc]);

  return { signInWithPassword, signInWithMicrosoft, signOut };
}
