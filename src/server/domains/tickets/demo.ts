import type { TicketPriority, TicketStatus, TicketType } from "@shared/tickets";
import { count } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ticketComments, tickets } from "../../db/schema";

const HOUR = 3_600_000;

interface DemoTicket {
  title: string;
  description: string;
  type: TicketType;
  priority: TicketPriority;
  status: TicketStatus;
  requester: [string, string];
  assignee?: string;
  hoursAgo: number;
  comments?: [string, string, string][];
}

const NOAH: [string, string] = ["user@geolabs.example", "Noah Kealoha"];
const LEILANI: [string, string] = ["admin@geolabs.example", "Leilani Adams"];
const KAIMANA: [string, string] = ["owner@geolabs.example", "Kaimana Owens"];

const DEMO_TICKETS: DemoTicket[] = [
  {
    title: "Laptop battery drains in under an hour",
    description:
      "My field laptop (Dell Latitude, asset GL-0412) loses charge within an hour even with the screen dimmed. It makes logging boreholes on site difficult. Could we get the battery checked or replaced?",
    type: "hardware",
    priority: "high",
    status: "in_progress",
    requester: NOAH,
    assignee: LEILANI[0],
    hoursAgo: 70,
    comments: [
      [
        LEILANI[0],
        LEILANI[1],
        "Thanks Noah, a replacement battery is ordered. I'll swap it when it arrives.",
      ],
      [NOAH[0], NOAH[1], "Great, I'm in the office Thursday."],
    ],
  },
  {
    title: "Access to the lab results share",
    description:
      "I need read access to \\\\files\\lab-results for the Kapolei project so I can compile the soils report.",
    type: "access",
    priority: "medium",
    status: "open",
    requester: NOAH,
    hoursAgo: 20,
  },
  {
    title: "gINT license expired",
    description:
      "gINT says the license expired this morning. Three of us in the Hilo office cannot open borehole logs.",
    type: "software",
    priority: "urgent",
    status: "waiting",
    requester: KAIMANA,
    assignee: LEILANI[0],
    hoursAgo: 30,
    comments: [
      [
        LEILANI[0],
        LEILANI[1],
        "Renewal is with the vendor. Can you send me the license ID shown in Help > About?",
      ],
    ],
  },
  {
    title: "Wi-Fi drops in the Kahului conference room",
    description:
      "The wireless connection drops every few minutes during video calls in the main conference room.",
    type: "network",
    priority: "medium",
    status: "open",
    requester: LEILANI,
    hoursAgo: 8,
  },
  {
    title: "New phone for site supervisor",
    description:
      "Keoni starts as site supervisor next Monday and needs a company phone with the field apps installed.",
    type: "mobile",
    priority: "low",
    status: "resolved",
    requester: KAIMANA,
    assignee: LEILANI[0],
    hoursAgo: 120,
    comments: [[LEILANI[0], LEILANI[1], "Phone handed over with the field apps set up."]],
  },
  {
    title: "Restore deleted spreadsheet",
    description:
      "I accidentally deleted the 2024 core box inventory spreadsheet from the shared drive yesterday afternoon.",
    type: "data",
    priority: "high",
    status: "closed",
    requester: NOAH,
    assignee: LEILANI[0],
    hoursAgo: 150,
  },
  {
    title: "Printer on floor 2 jams",
    description: "The large-format printer jams on every A1 drawing. Paper has been reloaded twice.",
    type: "hardware",
    priority: "medium",
    status: "open",
    requester: LEILANI,
    hoursAgo: 3,
  },
  {
    title: "Request: second monitor",
    description: "A second monitor would help when reviewing CAD drawings next to lab data.",
    type: "other",
    priority: "low",
    status: "open",
    requester: NOAH,
    hoursAgo: 1,
  },
];

/** Demo tickets spread over the last week, with a few comments (only into an empty tickets table). */
export async function seedDemoTickets(db: Db, now = new Date()) {
  const [existing] = await db.select({ n: count() }).from(tickets);
  if (existing?.n) return 0;
  // One transaction: one disk sync for the whole demo set (server start-up time).
  await db.transaction(async (tx) => {
    // Oldest first: ticket numbers follow the order tickets were raised ("newest first" is id order).
    for (const d of [...DEMO_TICKETS].sort((a, b) => b.hoursAgo - a.hoursAgo)) {
      const created = new Date(now.getTime() - d.hoursAgo * HOUR);
      const closed = d.status === "resolved" || d.status === "closed";
      const updated = new Date(created.getTime() + Math.min(d.hoursAgo, 6) * HOUR * 0.5);
      const [row] = await tx
        .insert(tickets)
        .values({
          title: d.title,
          description: d.description,
          type: d.type,
          priority: d.priority,
          status: d.status,
          requester: d.requester[0],
          requesterName: d.requester[1],
          assignee: d.assignee ?? null,
          createdAt: created,
          updatedAt: updated,
          closedAt: closed ? updated : null,
        })
        .returning({ id: tickets.id });
      for (const [i, [author, authorName, text]] of (d.comments ?? []).entries()) {
        await tx.insert(ticketComments).values({
          ticketId: row!.id,
          author,
          authorName,
          text,
          createdAt: new Date(created.getTime() + (i + 1) * 0.25 * HOUR),
        });
      }
    }
  });
  return DEMO_TICKETS.length;
}
