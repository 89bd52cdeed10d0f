import { describe, expect, test } from "bun:test";
import { adoptHeaders } from "@server/http/adopt-headers";

/** A handler's own Response and the door's headers: Vary keeps both lists, so caches key on every input. */
describe("Vary when the door's headers are adopted", () => {
  const adopt = (own: string | null, door: string) => {
    const res = new Response("x", { headers: own ? { vary: own } : {} });
    return adoptHeaders(res, { headers: { vary: door, "x-request-id": "r1" } }).headers;
  };

  test("both lists, each name once whatever its case", () => {
    expect(adopt("trpc-accept, Accept", "Origin").get("vary")).toBe("trpc-accept, Accept, Origin");
    expect(adopt("origin, Accept", "Origin").get("vary")).toBe("origin, Accept");
    expect(adopt(null, "Origin").get("vary")).toBe("Origin");
  });

  test("`*` (varies by anything) stays alone", () => {
    expect(adopt("*", "Origin").get("vary")).toBe("*");
  });

  test("other headers: the Response's own win, the rest are added", () => {
    const headers = adoptHeaders(new Response("x", { headers: { "x-request-id": "mine" } }), {
      headers: { "x-request-id": "door", "cache-control": "no-store" },
    }).headers;
    expect(headers.get("x-request-id")).toBe("mine");
    expect(headers.get("cache-control")).toBe("no-store");
  });
});
