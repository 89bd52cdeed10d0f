import { STORAGE_MESSAGES } from "@shared/storage";
import { checkKey } from "@shared/storage-keys";
import { forbidden } from "../lib/errors";
import type { UrlSigner } from "./url-signer";

export interface GrantedLink {
  key: string;
  disposition: "inline" | "attachment";
}

/**
 * A signed download link is its own authority (no session needed): the path names the key, `exp` the expiry in
 * Unix seconds, `sig` the HMAC of both and `dl=1` asks for a download. Anything altered is refused with 403.
 */
export function verifySignedPath(url: URL, basePath: string, signer: UrlSigner, now: number): GrantedLink {
  const invalid = () => forbidden(STORAGE_MESSAGES.linkInvalid);
  const rest = url.pathname.slice(basePath.length + 1);
  if (!url.pathname.startsWith(`${basePath}/`) || !rest) throw invalid();
  let decoded: string;
  try {
    decoded = rest.split("/").map(decodeURIComponent).join("/");
  } catch {
    throw invalid();
  }
  // The signed key is always normalised: a path that would normalise differently was not issued by us.
  const check = checkKey(decoded);
  if (!check.ok || check.key !== decoded) throw invalid();
  const exp = url.searchParams.get("exp") ?? "";
  const sig = url.searchParams.get("sig") ?? "";
  const dl = url.searchParams.get("dl");
  if (!/^\d{1,12}$/.test(exp) || !sig || (dl !== null && dl !== "1")) throw invalid();
  const attachment = dl === "1";
  if (!signer.verify(decoded, Number(exp), attachment, sig)) throw invalid();
  if (Number(exp) * 1000 < now) throw forbidden(STORAGE_MESSAGES.linkExpired);
  return { key: decoded, disposition: attachment ? "attachment" : "inline" };
}
