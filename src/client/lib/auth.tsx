import type { AuthConfig, Me } from "@shared/auth";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { useAuthSession, useSignInOut } from "./use-auth-session";

export { ME_KEY } from "./use-auth-session";

interface AuthState {
  config: AuthConfig | undefined;
  me: Me | null | undefined;
  loading: boolean;
  signInWithPassword(email: string, password: string): Promise<void>;
  signInWithMicrosoft(): Promise<void>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const { config, me, entra } = useAuthSession();
  const { signInWithPassword, signInWithMicrosoft, signOut } = useSignInOut(entra);

  const value = useMemo<AuthState>(
    () => ({
      config: config.data,
      me: me.data,
      loading: config.isPending || (me.isPending && me.fetchStatus !== "idle"),
      signInWithPassword,
      signInWithMicrosoft,
      signOut,
    }),
    [
      config.data,
      config.isPending,
      me.data,
      me.isPending,
      me.fetchStatus,
      signInWithPassword,
      signInWithMicrosoft,
      signOut,
    ],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error("useAuth outside AuthProvider");
  return ctx;
}
