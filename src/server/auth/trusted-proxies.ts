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
