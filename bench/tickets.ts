import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Db, openDatabase } from "../src/server/db/client";
import { applyMigrations } from "../src/server/db/migrate";
import { ticketComments, tickets } from "../src/server/db/schema";
import { listTickets, ticketCounts } from "../src/server/domains/tickets/queries";
import { ticketScope } from "../src/server/domains/tickets/service";
import type { Actor } from "../src/shared/permissions";
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TICKET_TYPES,
  type TicketListInput,
  ticketListInput,
} from "../src/shared/tickets";
import { type Figure, timeIt } from "./lib";

const TICKETS = 100_000;
const REQUESTERS = 200;
/** Helpdesk topics: each ticket names one or two, so a topic word is in a few percent of tickets. */
const TOPICS = (
  "laptop printer vpn outlook password badge monitor keyboard wifi switch license gint autocad drive share " +
  "phone tablet backup restore excel teams camera dock charger battery screen mouse headset plotter scanner " +
  "firewall server email calendar onedrive sharepoint adobe windows update account"
).split(" ");
const SYLLABLES = "ka le no ma ke pu ma ko a la i ki na lo ha wa me lu po hi".split(" ");
/** Filler vocabulary of 3,000 made-up words, so descriptions read like varied text rather than 30 repeated words. */
const VOCAB = Array.from({ length: 3000 }, (_, i) =>
  [i % 20, Math.floor(i / 20) % 20, Math.floor(i / 400) % 20].map((k) => SYLLABLES[k]).join(""),
);
const pick = <T>(xs: readonly T[], n: number) => xs[n % xs.length]!;
const FIRST = ["Kai", "Leilani", "Noah", "Malia", "Keoni", "Pua", "Makoa", "Alana", "Ikaika", "Nalani"];
const LAST = ["Kahale", "Adams", "Kealoha", "Owens", "Mahoe", "Kalani", "Nakamura", "Silva", "Tanaka", "Lee"];

/** mulberry32: a deterministic pseudo-random sequence, so every run measures the same data. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** 100,000 tickets from 200 requesters over ~70 days, with 20,000 comments. */
export async function seedBenchTickets(db: Db, count = TICKETS) {
  const next = rng(42);
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, i) => {
    const topic = pick(TOPICS, next());
    const second = next() % 3 === 0 ? ` and ${pick(TOPICS, next())}` : "";
    const words = Array.from({ length: 25 }, () => pick(VOCAB, next()));
    const created = now - (count - i) * 60_000;
    const status = pick(TICKET_STATUSES, next());
    const r = i % REQUESTERS;
    return {
      title: `${topic}${second} problem in the ${pick(VOCAB, next())} office`,
      description: `${words.join(" ")}. The ${topic} stopped working after ${pick(VOCAB, next())}.`,
      type: pick(TICKET_TYPES, next()),
      priority: pick(TICKET_PRIORITIES, next()),
      status,
      requester: `staff${r}@geolabs.example`,
      requesterName: `${pick(FIRST, r)} ${pick(LAST, Math.floor(r / FIRST.length))}`,
      createdAt: new Date(created),
      updatedAt: new Date(created + (next() % 86_400_000)),
      closedAt: status === "resolved" || status === "closed" ? new Date(created + 3_600_000) : null,
    };
  });
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) await tx.insert(tickets).values(rows.slice(i, i + 500));
    const comments = Array.from({ length: count / 5 }, (_, i) => ({
      ticketId: ((i * 5) % count) + 1,
      author: "it@geolabs.example",
      text: `Comment ${i}`,
      createdAt: new Date(now),
    }));
    for (let i = 0; i < comments.length; i += 500)
      await tx.insert(ticketComments).values(comments.slice(i, i + 500));
  });
}

export const BENCH_ADMIN: Actor = { email: "it@geolabs.example", role: "Admin", isSuperOwner: false };
export const BENCH_USER: Actor = { email: "staff7@geolabs.example", role: "User", isSuperOwner: false };

/** What people do on the screen: default view, each filter, each sort, searches, deep pages, a User's view. */
export const BENCH_CASES: [Actor, TicketListInput][] = (
  [
    [BENCH_ADMIN, {}],
    [BENCH_ADMIN, { status: "open" }],
    [BENCH_ADMIN, { status: "in_progress", sort_by: "updated" }],
    [BENCH_ADMIN, { type: "access", priority: "urgent" }],
    [BENCH_ADMIN, { status: "waiting", type: "hardware" }],
    [BENCH_ADMIN, { sort_by: "priority" }],
    [BENCH_ADMIN, { status: "open", sort_by: "priority" }],
    [BENCH_ADMIN, { q: "printer" }],
    [BENCH_ADMIN, { q: "printer", sort_by: "updated" }],
    [BENCH_ADMIN, { q: "vpn password" }],
    [BENCH_ADMIN, { q: "noah kealoha", status: "open" }],
    [BENCH_ADMIN, { q: "kalemano" }],
    [BENCH_ADMIN, { q: "#54321" }],
    [BENCH_ADMIN, { page: 200, page_size: 50 }],
    [BENCH_ADMIN, { mine: true }],
    [BENCH_USER, {}],
    [BENCH_USER, { status: "waiting", q: "vpn" }],
    [BENCH_USER, { sort_by: "priority", page: 3, page_size: 10 }],
  ] as [Actor, Partial<TicketListInput>][]
).map(([a, c]) => [a, ticketListInput.parse(c)]);

/**
 * The ticket list over 100,000 tickets, through the same query function the procedures call (list + total +
 * comment counts). No ANALYZE: the server never runs one, so neither does the bench.
 */
export async function ticketsBench(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), "geolabs-bench-tickets-"));
  const database = await openDatabase(`file:${join(dir, "bench.db")}`);
  try {
    await applyMigrations(database.db);
    await seedBenchTickets(database.db);
    let i = 0;
    const list = await timeIt(BENCH_CASES.length * 25, () => {
      const [actor, input] = BENCH_CASES[i++ % BENCH_CASES.length]!;
      return listTickets(database.db, ticketScope(actor), input);
    });
    let j = 0;
    const counts = await timeIt(100, () =>
      ticketCounts(database.db, ticketScope(j++ % 2 ? BENCH_ADMIN : BENCH_USER)),
    );
    return [
      {
        name: `tickets list over ${TICKETS.toLocaleString()} tickets p95 (filters/search/sorts/deep pages, Admin and User)`,
        value: list.p95,
        unit: "ms",
        target: 20,
        better: "lower",
      },
      { name: "tickets header counts p95", value: counts.p95, unit: "ms", target: 20, better: "lower" },
    ];
  } finally {
    database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
