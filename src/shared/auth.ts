import { z } from "zod";
import { emailAddress } from "./common";
import type { Role } from "./permissions";

export const AUTH_MODES = ["local", "entra", "proxy"] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

export const loginInput = z.object({
  email: emailAddress,
  password: z.string({ error: "is required" }).min(1, "is required").max(1024, "is too long"),
});
export type LoginInput = z.infer<typeof loginInput>;

export const MESSAGES = {
  invalidLogin: "Invalid email or password.",
  tooManyAttempts: "Too many failed sign-in attempts. Try again in a few minutes.",
  signInRequired: "Sign in to continue.",
  crossSite: "Cross-site request refused.",
  forbidden: "You do not have permission to do that.",
  accountRemoved: "This account has been removed. Ask an Owner to reinstate it.",
} as const;

/** What the signed-in user looks like to the client (GET /api/auth/me). */
export interface Me {
  email: string;
  name: string;
  role: Role;
  isSuperOwner: boolean;
}

/** Public bootstrap configuration the client needs before anyone signs in (GET /api/auth/config). */
export interface AuthConfig {
  mode: AuthMode;
  appEnv: string;
  entra: { clientId: string; authority: string; accountUrl: string } | null;
  /** The directory screen's settings: Graph base address and the company filter for contacts. */
  directory: { graphBaseUrl: string; companyDomains: string[]; companyKeyword: string };
  /** Who is signed in, or null: the app learns it here without a 401 on the sign-in page. */
  me: Me | null;
}
