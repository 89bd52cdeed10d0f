/** Is `address` one of the trusted proxy entries (exact IPv4/IPv6 addresses or IPv4 CIDR ranges)? */
export function isTrustedAddress(address: string | null | undefined, trusted: readonly string[]): boolean {
  if (!address) return false;
  const addr = address.replace(/^::ffff:/i, "");
  return trusted.some((entry) => {
    const e = entry.replace(/^::ffff:/i, "");
    if (!e.includes("/")) return e.toLowerCase() === addr.toLowerCase();
    const [base, bitsText] = e.split("/") as [string, string];
    const bits = Number(bitsText);
    const a = ipv4ToInt(addr);
    const b = ipv4ToInt(base);
    if (a === null || b === null || !Number.isInteger(bits) || bits < 0 || bits > 32) return false;
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    return (a & mask) >>> 0 === (b & mask) >>> 0;
  });
}

function ipv4ToInt(ip: string): number | null {
  const parts = ip.split(".");
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = n * 256 + Number(p);
  }
  return n >>> 0;
}

/**
 * Whether the person's connection was HTTPS: the request's own scheme, or the `X-Forwarded-Proto` a trusted
 * proxy set (its first entry: the scheme the outermost proxy was reached by). Anyone else's header is ignored.
 */
export function cameOverHttps(request: Request, peer: string | null, trusted: readonly string[]): boolean {
  if (new URL(request.url).protocol === "https:") return true;
  if (!isTrustedAddress(peer, trusted)) return false;
  const proto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return proto === "https";
}

const ADDRESS = /^[0-9a-f:.]{2,45}$/i;

/** One `X-Forwarded-For` entry as a bare address: "1.2.3.4:5678" and "[::1]:80" lose their port. */
function bareAddress(entry: string): string | null {
  let a = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(":"));
  // An IPv4 address in its IPv6 form ("::ffff:1.2.3.4") is the same person: one throttling key.
  a = a.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  return ADDRESS.test(a) ? a : null;
}

/**
 * The address of the person behind a request. The socket's peer, unless the peer is a trusted proxy (a load
 * balancer): then its `X-Forwarded-For` is read from the right, past every trusted hop, to the first address a
 * trusted proxy saw connect. Entries left of that were written by the client and are never believed, so nobody
 * can pick the address their sign-in failures count against. Without trusted proxies every request behind a
 * balancer would share the balancer's address (one person's failures would lock everybody out).
 */
export function clientAddress(
  peer: string | null,
  forwardedFor: string | null,
  trusted: readonly string[],
): string | null {
  if (!forwardedFor || !isTrustedAddress(peer, trusted)) return peer;
  let address = peer;
  const hops = forwardedFor.split(",");
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = bareAddress(hops[i]!);
    if (!hop) return address; // a hop a proxy did not write: stop at the last one we can vouch for
    address = hop;
    if (!isTrustedAddress(hop, trusted)) return hop;
  }
  return address;
}
