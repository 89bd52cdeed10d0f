/**
 * Synthetic geotechnical reports for the archive benchmark: thirty years of a firm's reports, deterministic from
 * the report number. A report has a title page, a text body (project, site, field exploration, laboratory tests,
 * subsurface conditions, groundwater, seismic design, foundations, slopes, pavements, construction, limitations)
 * and appendices (boring logs, laboratory results, figure pages with little text), about 25 pages and 2,000
 * characters a page on average. Common words (clay, boring, foundation) are in most reports; place and street
 * names in a few hundred; client names in a dozen; a lot's tax map key in one.
 */
import { prng } from "../src/server/domains/core-boxes/demo-data";

/** The demo data's seeded generator (Mulberry32): small, fast, good enough to vary text. */
const random = prng;
type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
/** Earlier items more often (a rough Zipf): most text uses a few terms, the rest now and then. */
const pickSkewed = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() ** 2.2 * xs.length)]!;
const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const dec = (r: Rand, lo: number, hi: number, digits = 1) => (lo + r() * (hi - lo)).toFixed(digits);

export const PLACES = [
  "Honolulu",
  "Kailua",
  "Kaneohe",
  "Waipahu",
  "Pearl City",
  "Aiea",
  "Mililani",
  "Wahiawa",
  "Haleiwa",
  "Kapolei",
  "Ewa Beach",
  "Waianae",
  "Makaha",
  "Nanakuli",
  "Hawaii Kai",
  "Manoa",
  "Kaimuki",
  "Kalihi",
  "Moanalua",
  "Salt Lake",
  "Waikiki",
  "Kakaako",
  "Kahala",
  "Waimanalo",
  "Laie",
  "Kahuku",
  "Hauula",
  "Waialua",
  "Kunia",
  "Makakilo",
  "Hilo",
  "Kona",
  "Waimea",
  "Kahului",
  "Wailuku",
  "Lahaina",
  "Kihei",
  "Pukalani",
  "Makawao",
  "Lihue",
  "Kapaa",
  "Hanalei",
  "Poipu",
  "Koloa",
  "Hanapepe",
  "Kaunakakai",
  "Lanai City",
  "Volcano",
  "Pahoa",
  "Keaau",
  "Honokaa",
  "Kawaihae",
  "Waikoloa",
  "Kealakekua",
  "Captain Cook",
  "Naalehu",
  "Hana",
  "Paia",
  "Haiku",
  "Kula",
  "Napili",
];
const STREET_KINDS = [
  "Street",
  "Avenue",
  "Road",
  "Place",
  "Drive",
  "Way",
  "Lane",
  "Loop",
  "Highway",
  "Boulevard",
];
const SYLLABLES = [
  "ka",
  "la",
  "na",
  "ma",
  "ho",
  "ku",
  "le",
  "lu",
  "wa",
  "pi",
  "ke",
  "mo",
  "no",
  "a",
  "e",
  "i",
  "o",
  "u",
  "ha",
  "hi",
  "po",
  "ki",
  "lo",
  "pa",
  "ne",
  "me",
  "nu",
  "li",
  "wai",
  "mau",
  "lei",
  "hau",
  "kai",
  "loa",
];
const STRUCTURES = [
  "Residence",
  "Water Tank",
  "Pump Station",
  "Bridge Replacement",
  "Elementary School",
  "Substation",
  "Parking Structure",
  "Seawall Repair",
  "Box Culvert",
  "Reservoir",
  "Wastewater Treatment Plant",
  "Retaining Wall",
  "Library Addition",
  "Fire Station",
  "Hospital Wing",
  "Affordable Housing",
  "Shopping Center",
  "Drainage Improvements",
  "Slope Stabilization",
  "Rockfall Mitigation",
  "Office Building",
  "Warehouse",
  "Community Park",
  "Gymnasium",
  "Transit Station",
  "Roadway Widening",
  "Pier Rehabilitation",
  "Solar Farm",
];
const CLIENT_KINDS = [
  "Development",
  "Engineering",
  "Builders",
  "Properties",
  "Construction",
  "Architects",
  "Partners",
  "Holdings",
  "Associates",
  "Contractors",
];
const SOILS = [
  "clay",
  "silty clay",
  "clayey silt",
  "silt",
  "sandy silt",
  "silty sand",
  "sand",
  "gravelly sand",
  "sandy gravel",
  "gravel",
  "coralline sand",
  "coral detritus",
  "lagoonal deposits",
  "organic silt",
  "peat",
  "residual soil",
  "saprolite",
  "alluvium",
  "colluvium",
  "fill",
  "volcanic ash",
  "cinder",
  "tuff",
];
const ROCKS = [
  "basalt",
  "vesicular basalt",
  "weathered basalt",
  "clinker",
  "limestone",
  "coral limestone",
  "breccia",
  "andesite",
];
const COLORS = [
  "brown",
  "reddish brown",
  "dark brown",
  "gray",
  "dark gray",
  "olive",
  "tan",
  "black",
  "yellowish brown",
  "mottled gray and brown",
  "light gray",
  "orange brown",
];
const CONSISTENCY = ["very soft", "soft", "medium stiff", "stiff", "very stiff", "hard"];
const DENSITY = ["very loose", "loose", "medium dense", "dense", "very dense"];
const MOISTURE = ["dry", "moist", "damp", "wet", "saturated"];
const MODIFIERS = [
  "with some gravel",
  "with trace sand",
  "with basalt fragments",
  "with roots",
  "with shell fragments",
  "with cobbles",
  "with boulders",
  "with organics",
  "with coral fragments",
  "with cinder",
  "with trace clay",
];
const FOUNDATIONS = [
  "spread footings",
  "continuous footings",
  "mat foundation",
  "drilled shafts",
  "driven piles",
  "micropiles",
  "helical piles",
  "auger cast piles",
  "post-tensioned slab on grade",
];
const LAB_TESTS = [
  "moisture content",
  "dry density",
  "Atterberg limits",
  "sieve analysis",
  "hydrometer analysis",
  "unconfined compression",
  "direct shear",
  "triaxial compression",
  "consolidation",
  "expansion index",
  "California bearing ratio",
  "R-value",
  "point load index",
  "specific gravity",
  "organic content",
];
const EQUIPMENT = [
  "CME-55",
  "CME-75",
  "Mobile B-53",
  "Geoprobe 7822DT",
  "track-mounted CME-550X",
  "hand auger",
  "Diedrich D-50",
  "truck-mounted Failing 1500",
];
const ENGINEERS = [
  "K. Mahoe",
  "T. Takahashi",
  "D. Kealoha",
  "M. Silva",
  "R. Nakamura",
  "J. Chun",
  "G. Shimabukuro",
  "L. Oshiro",
  "S. Fujii",
  "A. Tanaka",
  "P. Kamaka",
  "E. Yoshida",
  "N. Akana",
  "B. Medeiros",
  "C. Ching",
];

function word(r: Rand, parts: number): string {
  let w = "";
  for (let i = 0; i < parts; i++) w += pick(r, SYLLABLES);
  return w[0]!.toUpperCase() + w.slice(1);
}

/** Street names: about 4,000 of them, each in a few reports. */
const streetOf = (n: number) => {
  const r = random(n * 7919 + 17);
  return `${word(r, int(r, 2, 4))} ${pick(r, STREET_KINDS)}`;
};
/** Client names: about 3,000, each in a dozen reports. */
export const clientOf = (n: number) => {
  const r = random(n * 104729 + 3);
  return `${word(r, int(r, 2, 3))} ${pick(r, CLIENT_KINDS)}`;
};

export interface SyntheticReport {
  /** "1234-56", "1234-56A". */
  workOrder: string;
  project: string;
  /** `<work order>.<project>.pdf`, the Reports Indexer's name form. */
  fileName: string;
  pages: string[];
}

/** Work orders run with time: 1001-01 for the first report of the archive, 9999-… for the last. */
function workOrderOf(n: number, total: number): string {
  const r = random(n * 31 + 7);
  const head = 1001 + Math.floor((n / total) * 8998);
  const tail = String(1 + (n % 40)).padStart(2, "0");
  return `${head}-${tail}${r() < 0.15 ? "ABCDE"[int(r, 0, 4)] : ""}`;
}

export function syntheticReport(n: number, total: number): SyntheticReport {
  const r = random(n + 1);
  const place = pickSkewed(r, PLACES);
  const street = streetOf(int(r, 0, 3999));
  const structure = pick(r, STRUCTURES);
  const project = `${place} ${structure}`;
  const client = clientOf(int(r, 0, 2999));
  const workOrder = workOrderOf(n, total);
  const year = 1995 + Math.floor((n / total) * 30);
  const ctx: Ctx = {
    r,
    place,
    street,
    structure,
    client,
    workOrder,
    year,
    tmk: `${int(r, 1, 4)}-${int(r, 1, 9)}-${int(r, 1, 9)}-${String(int(r, 1, 99)).padStart(3, "0")}:${String(int(r, 1, 999)).padStart(3, "0")}`,
    borings: int(r, 2, 14),
    engineer: pick(r, ENGINEERS),
  };
  const body = int(r, 9, 16);
  const logs = Math.max(1, Math.min(ctx.borings, int(r, 3, 10)));
  const lab = int(r, 1, 4);
  const figures = int(r, 2, 8);
  const pages = [titlePage(ctx)];
  for (let i = 0; i < body; i++) pages.push(bodyPage(ctx, i, body));
  for (let i = 0; i < logs; i++) pages.push(boringLog(ctx, i + 1));
  for (let i = 0; i < lab; i++) pages.push(labPage(ctx));
  for (let i = 0; i < figures; i++) pages.push(figurePage(ctx, i + 1));
  return { workOrder, project, fileName: `${workOrder}.${project}.pdf`, pages };
}

interface Ctx {
  r: Rand;
  place: string;
  street: string;
  structure: string;
  client: string;
  workOrder: string;
  year: number;
  tmk: string;
  borings: number;
  engineer: string;
}

function titlePage(c: Ctx): string {
  return [
    "GEOTECHNICAL ENGINEERING EXPLORATION",
    `${c.place.toUpperCase()} ${c.structure.toUpperCase()}`,
    `${int(c.r, 10, 9999)} ${c.street}, ${c.place}, Hawaii`,
    `TMK: ${c.tmk}`,
    `W.O. ${c.workOrder}`,
    `Prepared for ${c.client}`,
    `by Geolabs, Inc., ${pick(c.r, ["January", "March", "May", "July", "September", "November"])} ${c.year}`,
  ].join("\n");
}

const SECTIONS = [
  "PROJECT CONSIDERATIONS",
  "SITE CHARACTERIZATION",
  "FIELD EXPLORATION",
  "LABORATORY TESTING",
  "SUBSURFACE CONDITIONS",
  "GROUNDWATER",
  "SEISMIC DESIGN CONSIDERATIONS",
  "FOUNDATION RECOMMENDATIONS",
  "SLOPE STABILITY",
  "PAVEMENT DESIGN",
  "SITE GRADING",
  "CONSTRUCTION CONSIDERATIONS",
  "LIMITATIONS",
];

function soil(c: Ctx): string {
  const s = pickSkewed(c.r, SOILS);
  const fine = /clay|silt/.test(s);
  return `${fine ? pick(c.r, CONSISTENCY) : pick(c.r, DENSITY)} ${pick(c.r, COLORS)} ${s} ${pick(c.r, MODIFIERS)} (${pick(c.r, MOISTURE)})`;
}

const SENTENCES: ((c: Ctx) => string)[] = [
  (c) =>
    `The project site is located at ${c.street} in ${c.place} on the island of ${pick(c.r, ["Oahu", "Hawaii", "Maui", "Kauai", "Molokai", "Lanai"])}.`,
  (c) =>
    `We understand that ${c.client} plans to construct the ${c.structure.toLowerCase()} on a ${pick(c.r, ["gently sloping", "level", "terraced", "steep", "previously graded"])} parcel of about ${dec(c.r, 0.3, 12)} acres.`,
  (c) =>
    `Our field exploration consisted of drilling and sampling ${c.borings} borings, designated as Borings 1 through ${c.borings}, to depths ranging from about ${int(c.r, 10, 30)} to ${int(c.r, 31, 120)} feet below the existing grade.`,
  (c) =>
    `The borings were drilled using a ${pick(c.r, EQUIPMENT)} drill rig equipped with continuous flight augers and NQ coring tools.`,
  (c) =>
    `Standard penetration test blow counts ranged from ${int(c.r, 2, 15)} to ${int(c.r, 16, 80)} blows per foot in the upper ${int(c.r, 5, 25)} feet.`,
  (c) => `Beneath the surface we encountered ${soil(c)} to depths of about ${dec(c.r, 2, 25)} feet.`,
  (c) =>
    `The ${soil(c)} was underlain by ${pick(c.r, ["moderately weathered", "slightly weathered", "highly weathered", "fresh"])} ${pickSkewed(c.r, ROCKS)} extending to the maximum depth explored.`,
  (c) =>
    `Groundwater was encountered at depths of about ${dec(c.r, 2, 40)} feet below the existing grade at the time of our field exploration; the groundwater level is expected to fluctuate with tidal and seasonal variations.`,
  (c) =>
    `Laboratory tests performed on selected samples included ${pick(c.r, LAB_TESTS)}, ${pick(c.r, LAB_TESTS)} and ${pick(c.r, LAB_TESTS)} tests.`,
  (c) =>
    `The ${pick(c.r, SOILS)} exhibited a plasticity index of about ${int(c.r, 5, 60)} and is considered ${pick(c.r, ["low", "moderately", "highly"])} expansive.`,
  (c) =>
    `Based on the subsurface conditions encountered, we recommend supporting the proposed structure on ${pick(c.r, FOUNDATIONS)} bearing on the ${pick(c.r, ["medium dense", "very stiff", "dense", "hard"])} materials.`,
  (c) =>
    `An allowable bearing pressure of ${int(c.r, 2, 8) * 500} pounds per square foot may be used for design of ${pick(c.r, FOUNDATIONS)}.`,
  (c) =>
    `Total settlement is estimated to be less than ${pick(c.r, ["1/2", "3/4", "1", "1-1/2"])} inch, with differential settlement of about half of the total.`,
  (c) =>
    `Drilled shafts should be at least ${int(c.r, 18, 48)} inches in diameter and extend a minimum of ${int(c.r, 10, 40)} feet into the ${pick(c.r, ROCKS)} formation.`,
  (c) =>
    `Based on the 2018 International Building Code, the site may be classified as Site Class ${pick(c.r, ["C", "D", "E"])} for seismic design.`,
  (c) =>
    `The potential for liquefaction of the ${pick(c.r, ["loose", "saturated", "granular"])} deposits during the design earthquake is considered ${pick(c.r, ["low", "moderate", "high"])}.`,
  (c) =>
    `Retaining walls should be designed for an active lateral earth pressure equivalent to a fluid weighing ${int(c.r, 30, 60)} pounds per cubic foot.`,
  (c) =>
    `Slope stability analyses indicate a factor of safety of about ${dec(c.r, 1.1, 2.2, 2)} for the existing ${int(c.r, 8, 60)}-foot high slope under static conditions.`,
  (c) =>
    `The pavement section should consist of ${int(c.r, 2, 4)} inches of asphaltic concrete over ${int(c.r, 6, 12)} inches of aggregate base course on a compacted subgrade.`,
  (c) =>
    `Fill materials should be compacted to at least ${pick(c.r, ["90", "95"])} percent relative compaction at a moisture content ${pick(c.r, ["near", "slightly above", "at least 2 percent above"])} the optimum.`,
  (c) =>
    `Excavations deeper than ${int(c.r, 4, 6)} feet should be shored or sloped in accordance with the Hawaii Occupational Safety and Health regulations.`,
  (c) =>
    `The contractor should anticipate hard drilling conditions and boulders within the ${pick(c.r, SOILS)} at the ${c.place} site.`,
  (c) =>
    `Field engineer ${c.engineer} observed the drilling operations and logged the materials encountered.`,
  (c) =>
    `Samples will be stored at our laboratory for ${int(c.r, 30, 90)} days after submission of this report, unless requested otherwise by ${c.client}.`,
  (c) =>
    `This report was prepared for the exclusive use of ${c.client} and their consultants for the ${c.place} ${c.structure}.`,
  (c) =>
    `Subgrade preparation should include scarifying the exposed ground to a depth of ${int(c.r, 6, 12)} inches, moisture conditioning and recompacting.`,
  (c) =>
    `The coefficient of friction between the footing and the underlying soil may be taken as ${dec(c.r, 0.3, 0.6, 2)}.`,
  (c) =>
    `Rock quality designation values ranged from ${int(c.r, 0, 40)} to ${int(c.r, 41, 100)} percent in the cored intervals.`,
];

function bodyPage(c: Ctx, i: number, of: number): string {
  const section = SECTIONS[Math.min(SECTIONS.length - 1, Math.floor((i / of) * SECTIONS.length))]!;
  const lines = [`${i + 2}.${int(c.r, 1, 4)} ${section}`];
  let text = "";
  const target = int(c.r, 2000, 3300);
  while (text.length < target) {
    let paragraph = "";
    for (let k = int(c.r, 2, 5); k > 0; k--) paragraph += `${pick(c.r, SENTENCES)(c)} `;
    text += `${paragraph.trim()}\n\n`;
  }
  lines.push(text.trim());
  lines.push(`Geolabs, Inc. W.O. ${c.workOrder} Page ${i + 2}`);
  return lines.join("\n");
}

function boringLog(c: Ctx, n: number): string {
  const lines = [
    `LOG OF BORING ${n}`,
    `${c.place} ${c.structure}, W.O. ${c.workOrder}`,
    `Drilled ${c.year}, ${pick(c.r, EQUIPMENT)}, ground elevation ${int(c.r, 5, 900)} feet MSL`,
  ];
  let depth = 0;
  while (depth < int(c.r, 20, 60)) {
    depth += int(c.r, 2, 6);
    lines.push(
      `${depth}.0 ft  N=${int(c.r, 2, 90)}  MC=${int(c.r, 8, 70)}%  DD=${int(c.r, 60, 120)} pcf  ${soil(c)}`,
    );
  }
  return lines.join("\n");
}

function labPage(c: Ctx): string {
  const lines = [`SUMMARY OF LABORATORY TEST RESULTS, W.O. ${c.workOrder}`];
  for (let k = int(c.r, 6, 14); k > 0; k--) {
    lines.push(
      `Boring ${int(c.r, 1, c.borings)} sample ${int(c.r, 1, 9)}, ${dec(c.r, 1, 40)} ft: ${pick(c.r, LAB_TESTS)} ${dec(c.r, 1, 120)}; ${pick(c.r, LAB_TESTS)} ${dec(c.r, 1, 120)}`,
    );
  }
  return lines.join("\n");
}

function figurePage(c: Ctx, n: number): string {
  return `Plate ${n}\n${pick(c.r, ["SITE LOCATION MAP", "BORING LOCATION PLAN", "GEOLOGIC CROSS SECTION", "PHOTOGRAPHS", "KEY TO LOG OF BORINGS", "SLOPE STABILITY ANALYSIS"])}\n${c.place} ${c.structure}\nW.O. ${c.workOrder}`;
}

/** Words for the search benchmark: common, rare (a place or a street), phrases, names. */
export const SEARCH_WORDS = {
  common: ["clay", "foundation", "groundwater", "basalt", "settlement", "boring"],
  twoWords: ["stiff clay", "drilled shafts", "bearing pressure", "coral detritus", "slope stability"],
  threeWords: ["medium dense sand", "allowable bearing pressure", "site class seismic"],
  phrases: ['"lateral earth pressure"', '"standard penetration test"', '"very stiff reddish brown"'],
  rare: [
    streetOf(12).split(" ")[0]!,
    streetOf(345).split(" ")[0]!,
    clientOf(7).split(" ")[0]!,
    "Kaunakakai",
    "Naalehu",
  ],
};
