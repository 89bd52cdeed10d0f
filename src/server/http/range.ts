export type RangeRequest =
  | { kind: "full" }
  | { kind: "partial"; start: number; end: number }
  | { kind: "unsatisfiable" };

const FULL: RangeRequest = { kind: "full" };

/**
 * One `Range: bytes=…` request against a body of `size` bytes (RFC 9110 §14). Several ranges, or a header that
 * does not parse, are answered with the whole body, which the RFC allows; a range past the end is 416.
 */
export function parseRange(header: string | null, size: number): RangeRequest {
  if (!header) return FULL;
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!m) return FULL;
  const [, first, last] = m as unknown as [string, string, string];
  if (first === "" && last === "") return FULL;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== "" && Number(last) < start) return FULL;
  if (start >= size) return { kind: "unsatisfiable" };
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: "partial", start, end };
}
