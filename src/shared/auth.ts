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

/** The demo accounts' password, published in the README: never a real account's password. */
export const PUBLISHED_DEMO_PASSWORD = "geolabs-demo";
/** A password someone chooses (change password, `bun run user:add`). */
export const PASSWORD_MIN_LENGTH = 12;
/** A temporary password an Owner was shown stops working after this many days unless it was changed. */
export const TEMPORARY_PASSWORD_DAYS = 7;

/** A password someone chooses: at least PASSWORD_MIN_LENGTH characters. */
export const newPassword = z
  .string({ error: "is required" })
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(1024, "is too long");

/** A local account's own password change: the current one, and the new one typed twice. */
export const changePasswordInput = z
  .object({
    current_password: z.string({ error: "is required" }).min(1, "is required").max(1024, "is too long"),
    new_password: newPassword,
    confirm_password: z.string({ error: "is required" }),
  })
  .superRefine((v, ctx) => {
    const refuse = (message: string, path: string) => ctx.addIssue({ code: "custom", message, path: [path] });
    if (v.new_password !== v.confirm_password) refuse("The new passwords do not match.", "confirm_password");
    else if (v.new_password === v.current_password)
      refuse("The new password must be different from the current one.", "new_password");
    else if (v.new_password === PUBLISHED_DEMO_PASSWORD)
      refuse("That password is published with the demo: choose another.", "new_password");
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const MESSAGES = {
  invalidLogin: "Invalid email or password.",
  tooManyAttempts: "Too many failed sign-in attempts. Try again in a few minutes.",
  signInRequired: "Sign in to continue.",
  crossSite: "Cross-site request refused.",
  accountRemoved: "This account has been removed. Ask an Owner to reinstate it.",
  changeTemporaryPassword: "Change your temporary password first.",
  temporaryPasswordExpired: "This temporary password has expired. Ask an Owner to reset your password.",
  wrongCurrentPassword: "The current password is not right.",
  passwordChangedMeanwhile: "Your password was changed meanwhile, elsewhere. Sign in again with the new one.",
  passwordChanged: "Your password has been changed. Other sessions of your account have been signed out.",
  passwordsElsewhere: "Passwords are managed by the company sign-in on this portal.",
  domainNotAllowed: "Your email domain is not allowed on this portal. Ask IT if you need access.",
  notRegistered: "You have no account on this portal yet. Ask an Owner to register you.",
  accountLinkedElsewhere: "This email belongs to another person's account. Ask an Owner to sort it out.",
} as const;

/** What the signed-in user looks like to the client (GET /api/auth/me). */
export interface Me {
  email: string;
  name: string;
  role: Role;
  isSuperOwner: boolean;
  /** Signed in with a temporary password: nothing but changing it (and signing out) until it is changed. */
  mustChangePassword: boolean;
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
