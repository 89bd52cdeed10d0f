import type { Category } from "./dashboard";

/** Who may open a screen. The server enforces the same rule on every call behind it. */
export type Access = "staff" | "admin";

export interface NavItem {
  name: string;
  path: string;
  description: string;
  access: Access;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

const item = (name: string, path: string, description: string, access: Access = "staff"): NavItem => ({
  name,
  path,
  description,
  access,
});

/** The sidebar's seven groups, in order. Every route of the spec appears exactly once. */
export const NAV_GROUPS: NavGroup[] = [
  { label: "Main", items: [item("Dashboard", "/", "Your tools, favorites and recent pages")] },
  {
    label: "AI & Knowledge",
    items: [item("Ask Geolabs AI", "/ask-ai", "Ask questions of company documents with cited answers")],
  },
  {
    label: "Data & Indexing",
    items: [
      item("Index Manager", "/db-admin", "Upload PDFs, extract text and refresh embeddings", "admin"),
      item("Database Explorer", "/db-viewer", "Browse document databases, files and schemas"),
    ],
  },
  {
    label: "Projects & Files",
    items: [
      item(
        "Work Orders",
        "/work-orders",
        "Everything about one work order: project, reports, binder rows, core boxes",
      ),
      item("Core Inventory", "/core-box-inventory", "Track core box storage, expiry and disposition"),
      item("OCR Lookup", "/ocr-lookup", "Read work orders off a photo and look up their projects"),
      item("S3 Browser", "/s3-viewer", "Browse and preview stored files"),
      item("S3 Uploader", "/s3-admin", "Upload PDFs to storage and index them", "admin"),
    ],
  },
  {
    label: "Reports & Analytics",
    items: [
      item("Reports", "/reports", "Index project reports and search inside them"),
      item("Reports Binder", "/reports-binder", "Browse and edit the work-order binder, export CSV"),
    ],
  },
  {
    label: "People & Admin",
    items: [
      item("Directory", "/contacts", "Find colleagues and contacts"),
      item("Admin Console", "/admin", "Users, roles and activity", "admin"),
    ],
  },
  {
    label: "IT Administration",
    items: [
      item("Onboarded", "/it-onboarded", "Accounts registered or signed in for the first time", "admin"),
      item("Terminated", "/it-terminated", "Deactivated accounts, reinstatement", "admin"),
      item("IT Tickets", "/it-tickets", "Raise and track IT support requests"),
    ],
  },
];

export const ALL_NAV_ITEMS: NavItem[] = NAV_GROUPS.flatMap((g) => g.items);

export function navItemFor(path: string): NavItem | undefined {
  return ALL_NAV_ITEMS.find((i) => i.path === path);
}

const sub = (path: string) => {
  const it = navItemFor(path)!;
  return { name: it.name, path: it.path, description: it.description };
};

/** Dashboard category cards (every group but Main), each with its tag. */
export const CATEGORIES: Category[] = [
  {
    id: "ai",
    label: "AI & Knowledge",
    sublabel: "Answers from company documents",
    tag: "AI",
    updated: "2026-11-16",
    icon: "sparkles",
    description: "Ask the employee handbook, share plan, retirement plan and project reports.",
    subpages: [sub("/ask-ai"), sub("/ocr-lookup")],
  },
  {
    id: "data",
    label: "Data & Indexing",
    sublabel: "Document databases",
    tag: "Data",
    updated: "2026-11-12",
    icon: "database",
    description: "Build and inspect the document databases the assistant answers from.",
    subpages: [sub("/db-admin"), sub("/db-viewer")],
  },
  {
    id: "ops",
    label: "Projects & Files",
    sublabel: "Work orders, core boxes and storage",
    tag: "Ops",
    updated: "2026-11-19",
    icon: "boxes",
    description:
      "Work order pages, Core Inventory, S3 Browser and S3 Uploader: core box storage and stored files.",
    subpages: [sub("/work-orders"), sub("/core-box-inventory"), sub("/s3-viewer"), sub("/s3-admin")],
  },
  {
    id: "analytics",
    label: "Reports & Analytics",
    sublabel: "Project reports",
    tag: "Analytics",
    updated: "2026-11-05",
    icon: "chart",
    description: "Index project reports, search them and keep the reports binder.",
    subpages: [sub("/reports"), sub("/reports-binder")],
  },
  {
    id: "admin",
    label: "People & Admin",
    sublabel: "Directory and accounts",
    tag: "Admin",
    updated: "2026-10-28",
    icon: "users",
    description: "Find colleagues, manage users and roles.",
    subpages: [sub("/contacts"), sub("/admin")],
  },
  {
    id: "it",
    label: "IT Administration",
    sublabel: "Accounts and support",
    tag: "IT",
    updated: "2026-10-02",
    icon: "monitor",
    description: "Onboarded and terminated accounts, IT support tickets.",
    subpages: [sub("/it-onboarded"), sub("/it-terminated"), sub("/it-tickets")],
  },
];
