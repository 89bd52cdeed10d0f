/**
 * Answers share the CPU (issue 52): sixteen people ask at once, three times over, while list pages are driven on
 * eight connections. Each person is their own account (default per-person rates, as in production). Figures: the
 * list page's p99 alone and meanwhile, each asker's first streamed token alone and meanwhile, and how many
 * questions were lost (neither answered nor refused with 503 and Retry-After).
 */
import { DEMO_DOCUMENT_DBS } from "../src/server/domains/documents/demo";
import { readUiStream } from "../tests/helpers/chat";
import { EVAL_QUESTIONS } from "./ask-ai-eval/questions";
import { type Figure, percentile, startServer } from "./lib";
import { drive, type LoadPath } from "./load-driver";

type Server = Awaited<ReturnType<typeof startServer>>;
const PEOPLE = 16;
const ROUNDS = 3;
const PASSWORD = "bench-asker-password";

const figure = (name: string, value: number, unit: string, target: number): Figure => ({
  name,
  value,
  unit,
  target,
  better: "lower",
});

/** PEOPLE accounts, registered by an Owner and signed in with a password of their own. */
async function askers(s: Server): Promise<string[]> {
  const owner = await s.login("owner@geolabs.example");
  const post = (path: string, cookie: string, body: unknown) =>
    fetch(`${s.base}${path}`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: s.base },
      body: JSON.stringify(body),
    });
  const cookies: string[] = [];
  for (let i = 0; i < PEOPLE; i++) {
    const email = `asker${i}@geolabs.example`;
    const reg = (await (await post("/api/register-user", owner, { email })).json()) as {
      temporary_password: string;
    };
    const login = await post("/api/auth/login", "", { email, password: reg.temporary_password });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
    const change = {
      current_password: reg.temporary_password,
      new_password: PASSWORD,
      confirm_password: PASSWORD,
    };
    const changed = await post("/api/auth/change-password", cookie, change);
    if (!changed.ok) throw new Error(`asker ${i}: ${changed.status} ${await changed.text()}`);
    cookies.push(cookie);
  }
  return cookies;
}

type Outcome = { kind: "answered"; firstMs: number } | { kind: "refused" } | { kind: "lost"; why: string };

/** One question through the screen's stream: the first token's time, a proper refusal, or lost. */
async function ask(s: Server, cookie: string, n: number): Promise<Outcome> {
  const q = EVAL_QUESTIONS[n % EVAL_QUESTIONS.length]!;
  const started = performance.now();
  const res = await fetch(`${s.base}/api/chat`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, origin: s.base },
    body: JSON.stringify({
      db: q.db,
      use_cache: false,
      messages: [{ role: "user", parts: [{ type: "text", text: q.q }] }],
    }),
  });
  if (res.status === 503 && res.headers.get("retry-after")) {
    await res.arrayBuffer();
    return { kind: "refused" };
  }
  if (!res.ok) return { kind: "lost", why: `${res.status} ${await res.text()}` };
  let first = 0;
  await readUiStream(res, (parts) => {
    if (!first && parts.some((p) => p.type === "text-delta")) first = performance.now() - started;
    return false;
  });
  return first ? { kind: "answered", firstMs: first } : { kind: "lost", why: "no text" };
}

async function demoDocumentsIndexed(s: Server, cookie: string) {
  const deadline = performance.now() + 120_000;
  for (;;) {
    const { dbs } = (await (await fetch(`${s.base}/api/list-dbs`, { headers: { cookie } })).json()) as {
      dbs: string[];
    };
    if (DEMO_DOCUMENT_DBS.every((db) => dbs.includes(db))) return;
    if (performance.now() > deadline) throw new Error("the demo documents were not indexed in time");
    await Bun.sleep(250);
  }
}

const listPath = (s: Server, cookie: string): LoadPath => ({
  name: "core box list page",
  kind: "list",
  request: (_, n) => ({
    url: `${s.base}/api/core-boxes?island=${["Oahu", "Maui", "all"][n % 3]}&page=${(n % 3) + 1}`,
    init: { headers: { cookie } },
  }),
});

export async function answersHardeningBench(): Promise<Figure[]> {
  // Default per-person rates: every asker is a person of their own.
  const s = await startServer({ RATE_QUESTIONS_PER_MIN: "30" });
  try {
    const cookies = await askers(s);
    const lister = await s.login("user@geolabs.example");
    await demoDocumentsIndexed(s, lister);
    const alone: number[] = [];
    for (let i = 0; i < 6; i++) {
      const o = await ask(s, cookies[0]!, i);
      if (o.kind === "answered") alone.push(o.firstMs);
    }
    const load = (seconds: number) =>
      drive([listPath(s, lister)], { seconds, connections: 8, rssMb: () => s.rssMb() });
    const quiet = await load(4);
    const outcomes: Outcome[] = [];
    const during = load(8);
    for (let round = 0; round < ROUNDS; round++) {
      outcomes.push(...(await Promise.all(cookies.map((c, i) => ask(s, c, round * PEOPLE + i)))));
    }
    const busy = await during;
    const firsts = outcomes.flatMap((o) => (o.kind === "answered" ? [o.firstMs] : []));
    const lost = outcomes.filter((o) => o.kind === "lost");
    const refused = outcomes.filter((o) => o.kind === "refused").length;
    console.log(
      `  ${PEOPLE} askers × ${ROUNDS}: ${firsts.length} answered, ${refused} refused with Retry-After, ${lost.length} lost${lost[0]?.kind === "lost" ? ` (${lost[0].why})` : ""}`,
    );
    console.log(
      `  list p99 alone ${quiet.paths[0]!.p99.toFixed(1)} ms, meanwhile ${busy.paths[0]!.p99.toFixed(1)} ms; first token alone p50 ${percentile(alone, 50).toFixed(0)} ms, meanwhile max ${Math.max(...firsts).toFixed(0)} ms`,
    );
    return [
      figure("16 asking at once: list page p99 (alone, same run: see the log)", busy.paths[0]!.p99, "ms", 50),
      figure("16 asking at once: slowest first token", Math.max(...firsts), "ms", 2000),
      figure("16 asking at once: first token p50", percentile(firsts, 50), "ms", Number.POSITIVE_INFINITY),
      figure(
        "first token, one asker alone p50 (baseline)",
        percentile(alone, 50),
        "ms",
        Number.POSITIVE_INFINITY,
      ),
      figure("list page p99 without answers (baseline)", quiet.paths[0]!.p99, "ms", Number.POSITIVE_INFINITY),
      figure("16 asking at once: questions lost", lost.length, "", 0),
    ];
  } finally {
    await s.stop();
  }
}
