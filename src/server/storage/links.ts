import type { Env } from "../env";
import type { ObjectStore } from "./object-store";

type Signer = { deps: { store: ObjectStore }; settings: Pick<Env, "PUBLIC_URL"> };

/** Local links are root-relative (they work behind any proxy); absolute when PUBLIC_URL says where we live. */
export async function signedLinks(ctx: Signer, keys: string[]): Promise<string[]> {
  const urls = await ctx.deps.store.signedUrls(keys);
  const base = ctx.settings.PUBLIC_URL;
  return base ? urls.map((u) => (u.startsWith("/") ? new URL(u, base).href : u)) : urls;
}

export async function signedLink(ctx: Signer, key: string): Promise<string> {
  return (await signedLinks(ctx, [key]))[0]!;
}
