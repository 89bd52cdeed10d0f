import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from "jose";

export interface EntraConfig {
  tenantId: string;
  clientId: string;
  issuer: string;
  jwksUrl: string;
}

export interface EntraClaims {
  /** "<tid>:<oid>": the person in their tenant, for good (the email shown may change). */
  externalId: string;
  email: string;
  name: string;
}

/**
 * Verifies Microsoft Entra ID tokens (the ID token MSAL returns to our single-page app): RS256 signature
 * against the tenant's JWKS, issuer, audience (our client id) and expiry. The key set is fetched once and
 * cached by jose, refetched when an unknown key id appears. The person is their object id in their tenant
 * (`oid`, `tid`): email claims can be edited and reassigned, so they only name the account.
 */
export function createEntraVerifier(config: EntraConfig) {
  const jwks = createRemoteJWKSet(new URL(config.jwksUrl), {
    timeoutDuration: 5000,
    cooldownDuration: 30_000,
  });
  return async function verify(token: string): Promise<EntraClaims | null> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, jwks, {
        issuer: config.issuer,
        audience: config.clientId,
        algorithms: ["RS256"],
        clockTolerance: 60,
      }));
    } catch (err) {
      if (err instanceof errors.JOSEError) return null;
      throw err;
    }
    const { oid, tid } = payload;
    if (typeof oid !== "string" || typeof tid !== "string" || !oid || !tid) return null;
    // The issuer names the tenant too, but ENTRA_ISSUER can be set by hand: the token's own tenant must be ours.
    if (tid.toLowerCase() !== config.tenantId.toLowerCase()) return null;
    const email = [payload.preferred_username, payload.email, payload.upn].find(
      (v): v is string => typeof v === "string" && v.includes("@"),
    );
    if (!email) return null;
    const name = typeof payload.name === "string" ? payload.name : "";
    return { externalId: `${tid}:${oid}`.toLowerCase(), email: email.trim().toLowerCase(), name };
  };
}
