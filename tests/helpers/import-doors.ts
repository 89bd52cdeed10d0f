import { DEMO, type TestApp } from "./app";

/** What an import answered, whichever door: status, the sentence shown, Retry-After, and the body. */
export interface ImportAnswer {
  status: number;
  error?: string;
  retryAfter: string | null;
  body: Record<string, unknown>;
}

type Send = (file: Uint8Array<ArrayBuffer>, name: string) => { path: string; form: FormData };

const form = (file: Uint8Array<ArrayBuffer>, name: string, fields: Record<string, string> = {}) => {
  const f = new FormData();
  f.set("file", new File([file], name));
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

/**
 * Every door into a spreadsheet import, as a dry run (the binder and the project register have REST doors only;
 * the core boxes have REST and tRPC). The register takes Admins and Owners; the others every signed-in person.
 */
export const IMPORT_DOORS: { name: string; as: string; send: Send }[] = [
  {
    name: "binder REST",
    as: DEMO.user,
    send: (f, n) => ({ path: "/api/reports-binder/import?dry_run=1", form: form(f, n) }),
  },
  {
    name: "core boxes REST",
    as: DEMO.user,
    send: (f, n) => ({ path: "/api/core-boxes/import?dry_run=1", form: form(f, n) }),
  },
  {
    name: "core boxes tRPC",
    as: DEMO.user,
    send: (f, n) => ({ path: "/trpc/coreBoxes.importFile", form: form(f, n, { dry_run: "1" }) }),
  },
  {
    name: "project register REST",
    as: DEMO.admin,
    send: (f, n) => ({ path: "/api/projects/import", form: form(f, n, { dry_run: "true" }) }),
  },
];

export async function sendImport(
  t: TestApp,
  door: (typeof IMPORT_DOORS)[number],
  cookie: string,
  file: Uint8Array<ArrayBuffer>,
  name = "sheet.xlsx",
): Promise<ImportAnswer> {
  const { path, form } = door.send(file, name);
  const res = await t.request(path, { method: "POST", body: form, cookie });
  const json = (await res.json()) as Record<string, unknown>;
  // tRPC answers { result: { data } } or { error: { message } }; REST the data itself or { error: "…" }.
  const trpcError = (json.error as { message?: string } | undefined)?.message;
  const error = typeof json.error === "string" ? json.error : trpcError;
  const body = ((json.result as { data?: Record<string, unknown> } | undefined)?.data ?? json) as Record<
    string,
    unknown
  >;
  return { status: res.status, error, retryAfter: res.headers.get("retry-after"), body };
}

/**
 * Ask /api/health again and again while `work` runs: the slowest answer in ms (every one must be a 200), and
 * how many were answered before the work ended.
 */
export async function healthWhile<T>(t: TestApp, work: Promise<T>) {
  let done = false;
  const ended = work.finally(() => {
    done = true;
  });
  let slowest = 0;
  let answered = 0;
  while (!done) {
    const t0 = performance.now();
    const res = await t.request("/api/health");
    if (res.status !== 200) throw new Error(`/api/health answered ${res.status}`);
    slowest = Math.max(slowest, performance.now() - t0);
    if (!done) answered++;
    await Bun.sleep(10);
  }
  return { value: await ended, slowest, answered };
}
