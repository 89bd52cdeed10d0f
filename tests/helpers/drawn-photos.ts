import sharp from "sharp";

/**
 * Images the OCR tests draw themselves, with work-order numbers made up for them: printed labels and lists, and
 * phone photos of a letter, a sticky note, a ruled register and a notebook page. The held-out photo sets in
 * bench/ocr-eval stay unseen by the tests, so their figures still mean something. Text is SVG rendered by librsvg
 * (sharp) in fonts Debian ships: DejaVu and Liberation for print, Kaushan Script and Humor Sans for a hand.
 */

interface Text {
  s: string;
  x: number;
  y: number;
  size: number;
  font?: string;
  weight?: "bold";
  fill?: string;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const text = (t: Text) =>
  `<text x="${t.x}" y="${t.y}" font-size="${t.size}" font-family="${t.font ?? "DejaVu Sans"}" font-weight="${t.weight ?? "normal"}" fill="${t.fill ?? "#151515"}">${esc(t.s)}</text>`;
const svg = (w: number, h: number, paper: string, body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="${paper}"/>${body}</svg>`,
  );

/** Lines of text from the top, `gap` apart. */
const column = (x: number, top: number, gap: number, lines: string[], style: Omit<Text, "s" | "x" | "y">) =>
  lines.map((s, i) => text({ s, x, y: top + i * gap, ...style })).join("");

/** A sheet held up to a phone: turned a little on a desk, softened, a warm cast, saved as a phone JPEG. */
async function photograph(sheet: Buffer, angle: number, width = 800) {
  const turned = await sharp(sheet).rotate(angle, { background: "#6b5a48" }).png().toBuffer();
  return sharp(turned)
    .extend({ top: 40, bottom: 40, left: 40, right: 40, background: "#6b5a48" })
    .resize({ width })
    .blur(0.7)
    .modulate({ brightness: 0.93 })
    .tint("#fff4e0")
    .jpeg({ quality: 60 })
    .toBuffer();
}

/** A printed box label, 480×225 greyscale PNG: one work order among a boring, a depth and a box count. */
export async function printedLabel() {
  const body = column(
    24,
    48,
    44,
    ["CORE SAMPLES", "W.O. 5127-03", "Boring B-4   Depth 12.5 ft", "Box 2 of 3"],
    {
      size: 28,
    },
  );
  return {
    png: await sharp(svg(480, 225, "#fff", body))
      .greyscale()
      .png()
      .toBuffer(),
    truth: ["5127-03"],
    width: 480,
    height: 225,
  };
}

/** A printed list of work orders, one a line, greyscale PNG. */
export async function printedList(workOrders: string[]) {
  const lines = ["Work orders to pull:", ...workOrders.map((wo, i) => `${i + 1}. W.O. ${wo}`)];
  const body = column(30, 60, 52, lines, { size: 30, font: "Liberation Sans" });
  return sharp(svg(640, 80 + lines.length * 52, "#fff", body))
    .greyscale()
    .png()
    .toBuffer();
}

/**
 * A typed letter, photographed: two work orders in its Re: line and body, among a suite, a phone, a truck, an
 * employee id and dates, none of them work orders.
 */
export async function letterPhoto() {
  const lines = [
    "Kaimana Soil Testing, 1188 Alakea Street, Suite 2204",
    "Tel (808) 555-0172",
    "March 3, 2026",
    "Re: W.O. 5127-03, Kahala Seawall",
    "Dear Ms. Ito,",
    "Truck 4471 delivered the cores on 2/27/2026.",
    "Please bill Job No. 6243-11(B) for the extra day.",
    "Questions go to Lena Park, Emp ID 3390.",
  ];
  const body = column(60, 90, 58, lines, { size: 30, font: "Liberation Serif" });
  return { jpg: await photograph(svg(1000, 580, "#fbfaf6", body), -2.5), truth: ["5127-03", "6243-11(B)"] };
}

/** A yellow sticky note in marker: a labelled four-digit and two lettered work orders, and a phone number. */
export async function stickyPhoto() {
  const lines = ["Call Keala re:", "WO# 5536", "Job 8813-01E", "3475-16(D)", "808-555-0139"];
  const body = column(70, 150, 150, lines, { size: 96, font: "Kaushan Script", fill: "#1b2c8c" });
  return {
    jpg: await photograph(svg(1000, 900, "#fcee7a", body), 3, 640),
    truth: ["5536", "8813-01E", "3475-16(D)"],
  };
}

/** A ruled register sheet, photographed: each row's work order among its date, PR number and sheet number. */
export async function registerPhoto() {
  const rows = [
    ["Date", "W.O.", "Project", "PR No.", "Sheet"],
    ["3/14/26", "5127-03", "Kahala Seawall", "PR-22817", "3 of 12"],
    ["3/16/26", "6243-11", "Ewa Tank Pad", "PR-22830", "4 of 12"],
    ["3/19/26", "7390-02A", "Nuuanu Culvert", "PR-22851", "5 of 12"],
    ["3/23/26", "8014-05", "Aiea Ramp", "PR-22877", "6 of 12"],
  ];
  const xs = [40, 220, 400, 700, 900];
  let body = "";
  rows.forEach((row, r) => {
    const y = 110 + r * 80;
    body += `<line x1="30" y1="${y + 22}" x2="1050" y2="${y + 22}" stroke="#333" stroke-width="2"/>`;
    row.forEach((cell, c) => {
      body += text({
        s: cell,
        x: xs[c]!,
        y,
        size: 32,
        font: "Liberation Sans",
        weight: r ? undefined : "bold",
      });
    });
  });
  for (const x of xs.slice(1)) body += `<line x1="${x - 16}" y1="60" x2="${x - 16}" y2="452" stroke="#333"/>`;
  return {
    jpg: await photograph(svg(1080, 500, "#fdfdfb", body), 1.5),
    truth: ["5127-03", "6243-11", "7390-02A", "8014-05"],
  };
}

/** A notebook page of handwriting on blue rules, photographed upright. */
export async function notebookPhoto() {
  let body = "";
  for (let y = 120; y < 900; y += 70)
    body += `<line x1="0" y1="${y}" x2="900" y2="${y}" stroke="#9db8d9" stroke-width="2"/>`;
  const lines = [
    "Tues 3/10",
    "Called Ewa site about",
    "W.O. 6243-11 cores",
    "pick up at 9 am",
    "boxes in bay 4",
  ];
  body += column(60, 110, 140, lines, { size: 64, font: "Humor Sans", fill: "#22317a" });
  return { jpg: await photograph(svg(900, 860, "#fbfbf7", body), 0.5, 640), truth: ["6243-11"] };
}

/**
 * A sticky note whose second number lost the lower half of two digits where the note was torn: the reader is
 * unsure of it (a person should check it), while the first, whole, is read surely.
 */
export async function unsurePhoto() {
  const hand = (y: number, s: string) =>
    text({ s, x: 60, y, size: 80, font: "Kaushan Script", fill: "#1b2c8c" });
  const tear = `<rect x="265" y="353" width="80" height="31" fill="#fcee7a"/>`;
  const note = svg(800, 600, "#fcee7a", hand(160, "W.O. 5590-36A") + hand(380, "WO 7352") + tear);
  return { jpg: await sharp(note).jpeg({ quality: 70 }).toBuffer(), sure: "5590-36A" };
}
