import { join, resolve } from "node:path";
import { AUTH_MODES } from "@shared/auth";
import { flag } from "@shared/common";
import { DEFAULT_EXPIRY_MONTHS } from "@shared/core-boxes";
import { DEFAULT_UPLOAD_MAX_MB } from "@shared/storage";
import { z } from "zod";

/**
 * The only reader of process.env. Every setting has an embedded default so the portal starts on a machine with
 * no network; a bad value stops the process with a message naming the variable.
 */
const optionalText = z
  .string()
  .trim()
  .transform((s) => (s === "" ? undefined : s))
  .optional();

const list = z
  .string()
  .optional()
  .transform((s) =>
    (s ?? "")
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean),
  );

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Server processes sharing PORT (SO_REUSEPORT, Linux): the first runs the background jobs and the demo seed,
   * the others serve requests only. One per core is the usual choice.
   */
  WEB_CONCURRENCY: z.coerce
    .number({ error: "must be a whole number of processes" })
    .int("must be a whole number of processes")
    .min(1, "must be at least 1")
    .max(64, "must be 64 or fewer")
    .default(1),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalText,
  DATABASE_AUTH_TOKEN: optionalText,
  /**
   * Embedded database: `normal` (WAL commits are not fsynced one by one; a power cut may lose the last moments,
   * a crashed process nothing) or `full` (every commit fsynced before it is confirmed; slower writes).
   */
  DATABASE_SYNCHRONOUS: z.enum(["normal", "full"], { error: "must be normal or full" }).default("normal"),
  AUTH_MODE: z.enum(AUTH_MODES).default("local"),
  SUPER_OWNER_EMAIL: optionalText.transform((s) => s?.toLowerCase()),
  /** Demo accounts (published password) and demo data into an empty database: only on request (start.sh). */
  SEED_DEMO: flag.default(false),
  APP_ENV: z.string().trim().min(1).default("production"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /**
   * Other origins whose pages may call the REST door with the person's session (comma-separated, e.g.
   * "https://tools.geolabs.example"); empty: same origin only.
   */
  CORS_ORIGINS: list.pipe(
    z.array(
      z
        .url({ error: "must be origins such as https://tools.geolabs.example, separated by commas" })
        .refine((u) => /^https?:$/.test(new URL(u).protocol), "must be http or https origins")
        .transform((u) => new URL(u).origin),
    ),
  ),
  /** Origin the portal is served from (for cross-site checks behind a proxy). Defaults to the request's own. */
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  /** A session unused for this long ends; each use in its second half extends it (and re-issues the cookie). */
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(12),
  /** However active, a session ends this many days after sign-in. */
  SESSION_MAX_DAYS: z.coerce
    .number({ error: "must be a number of days" })
    .positive("must be more than 0")
    .max(90, "must be 90 or fewer")
    .default(7),
  /** Proxy mode: the header carrying the identity, and the addresses allowed to send it. */
  PROXY_USER_HEADER: z.string().trim().min(1).default("X-User"),
  TRUSTED_PROXIES: list,
  /** Proxy mode: a secret the proxy adds to every request (PROXY_SECRET_HEADER); others are not believed. */
  PROXY_SECRET: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  PROXY_SECRET_HEADER: z.string().trim().min(1).default("X-Proxy-Secret"),
  /** Proxy and Entra: only people whose email is in one of these domains get in (empty: any domain). */
  ALLOWED_EMAIL_DOMAINS: list.transform((ds) => ds.map((d) => d.toLowerCase().replace(/^@/, ""))),
  /** Proxy and Entra: a person signing in for the first time gets an account (false: only registered people). */
  AUTO_PROVISION: flag.default(true),
  /** Entra ID (Microsoft) sign-in. */
  ENTRA_TENANT_ID: optionalText,
  ENTRA_CLIENT_ID: optionalText,
  ENTRA_AUTHORITY: optionalText.pipe(z.url().optional()),
  ENTRA_ISSUER: optionalText,
  ENTRA_JWKS_URL: optionalText.pipe(z.url().optional()),
  /** Repository summary on the dashboard ("owner/name"). */
  GITHUB_REPO: optionalText.pipe(
    z
      .string()
      .regex(/^[\w.-]+\/[\w.-]+$/, "must look like owner/name")
      .optional(),
  ),
  GITHUB_API_URL: z.url().default("https://api.github.com"),
  GITHUB_TOKEN: optionalText,
  /** File storage: `local` (folder under DATA_DIR/objects) or `s3` (any S3-compatible store). */
  STORAGE_DRIVER: z.enum(["local", "s3"], { error: "must be local or s3" }).default("local"),
  /** Secret for the local store's signed links; generated into DATA_DIR when unset (set it for several instances). */
  STORAGE_SIGNING_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  /** Lifetime of signed download links, in seconds (S3 allows at most 7 days). */
  STORAGE_URL_TTL_SECONDS: z.coerce
    .number({ error: "must be a number of seconds" })
    .int("must be a whole number of seconds")
    .min(60, "must be at least 60 seconds")
    .max(7 * 24 * 3600, "must be at most 604800 seconds (7 days, the S3 maximum)")
    .default(3600),
  /** Largest file the uploader accepts, in MB (1024-based). */
  UPLOAD_MAX_MB: z.coerce
    .number({ error: "must be a number of megabytes" })
    .positive("must be more than 0")
    .max(5 * 1024, "must be at most 5120 (5 GB)")
    .default(DEFAULT_UPLOAD_MAX_MB),
  S3_ENDPOINT: optionalText.pipe(z.url("must be a URL such as https://s3.example.com").optional()),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        "must be a valid bucket name (3–63 lower-case letters, digits, . or -)",
      )
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: flag.default(false),
  /** Work Order Recognition: PP-OCRv4 reader processes (ocr/photos/ppocr/host.ts), each with cores ÷ this many threads. */
  OCR_WORKERS: z.coerce.number().int().min(1).max(8).default(1),
  OCR_MAX_MB: z.coerce.number().positive().max(100).default(10),
  OCR_MAX_PIXELS: z.coerce.number().int().min(10_000).max(500_000_000).default(40_000_000),
  OCR_TIMEOUT_S: z.coerce.number().positive().max(600).default(60),
  OCR_QUEUE_MAX: z.coerce.number().int().min(1).max(10_000).default(50),
  /** Megabytes of photos waiting for a reader, all people together: past it a photo is refused with 503. */
  OCR_QUEUE_MB: z.coerce.number().positive().max(4096).default(64),
  /** A photo reader process past this while it reads is killed and replaced; the photo gets a 422. */
  OCR_MEMORY_MB: z.coerce.number().int().min(32).max(65_536).default(1024),
  /** Scanned PDF pages (tesseract.js): folder with eng.traineddata.gz; default @tesseract.js-data/eng 4.0.0_best_int. */
  OCR_LANG_PATH: optionalText,
  /** What one PDF may cost when it is indexed (pdf/limits.ts): each refusal is a 422 in words. */
  PDF_MAX_PAGES: z.coerce.number().int().min(1).max(100_000).default(2000),
  PDF_MAX_PAGE_MB: z.coerce.number().positive().max(4096).default(64),
  PDF_OCR_MAX_PIXELS: z.coerce.number().int().min(1_000_000).max(500_000_000).default(16_000_000),
  PDF_MAX_TEXT_MB: z.coerce.number().positive().max(1024).default(20),
  PDF_JOB_TIMEOUT_S: z.coerce
    .number()
    .positive()
    .max(24 * 3600)
    .default(1800),
  PDF_MEMORY_MB: z.coerce.number().int().min(128).max(65_536).default(512),
  /** Largest project register file an Admin may import. */
  PROJECTS_IMPORT_MAX_MB: z.coerce.number().positive().max(500).default(20),
  /** Directory: contacts are shown only from these email domains or with the keyword in their company name. */
  COMPANY_DOMAINS: list.transform((ds) => ds.map((d) => d.toLowerCase().replace(/^@/, ""))),
  COMPANY_KEYWORD: optionalText,
  /** Microsoft Graph, called from the browser in Entra mode for the directory and contacts. */
  GRAPH_BASE_URL: z
    .url()
    .default("https://graph.microsoft.com/v1.0")
    .transform((u) => u.replace(/\/+$/, "")),
  /** Core boxes: storage expiry defaults to the report submission date plus this many months. */
  CORE_BOX_EXPIRY_MONTHS: z.coerce
    .number({ error: "must be a whole number of months" })
    .int("must be a whole number of months")
    .min(1, "must be at least 1")
    .max(600, "must be 600 or fewer")
    .default(DEFAULT_EXPIRY_MONTHS),
  /** Document databases: an OpenAI-compatible embeddings endpoint (optional; without it search is full-text). */
  EMBEDDINGS_BASE_URL: optionalText.pipe(z.url("must be a URL such as http://127.0.0.1:8000/v1").optional()),
  EMBEDDINGS_MODEL: optionalText,
  EMBEDDINGS_API_KEY: optionalText,
  /** Texts per embeddings request. */
  EMBEDDINGS_BATCH: z.coerce.number().int().min(1).max(2048).default(64),
  /**
   * Ask AI: an OpenAI-compatible chat endpoint (OpenAI, vLLM, llama.cpp server, Ollama). Without one, answers
   * come from the built-in extractive model (no network).
   */
  AI_BASE_URL: optionalText.pipe(z.url("must be a URL such as http://127.0.0.1:11434/v1").optional()),
  AI_API_KEY: optionalText,
  AI_MODEL: optionalText,
  /** Longest an answer may take, and longest wait for the first (or next) streamed token, in seconds. */
  AI_TIMEOUT_S: z.coerce.number().positive().max(3600).default(120),
  AI_IDLE_TIMEOUT_S: z.coerce.number().positive().max(3600).default(30),
  /**
   * Built-in answers computing at once in this process (the rest wait their turn, round-robin by person), and
   * how many may wait before a question is refused with 503 and Retry-After.
   */
  ANSWERS_AT_ONCE: z.coerce.number().int().min(1).max(64).default(2),
  ANSWERS_QUEUE_MAX: z.coerce.number().int().min(1).max(10_000).default(64),
  /** Spreadsheet imports read at once in this process, and how many may wait (503 beyond). */
  IMPORTS_AT_ONCE: z.coerce.number().int().min(1).max(16).default(1),
  IMPORTS_QUEUE_MAX: z.coerce.number().int().min(1).max(1000).default(16),
  /** An .xlsx is read in a process of its own: past this memory or this time it is stopped (422 in words). */
  IMPORT_MEMORY_MB: z.coerce.number().int().min(64).max(65_536).default(512),
  IMPORT_TIMEOUT_S: z.coerce.number().positive().max(3600).default(60),
  /** What one person may start per minute (429 with Retry-After past it), per process. */
  RATE_PHOTOS_PER_MIN: z.coerce.number().int().min(1).max(100_000).default(60),
  RATE_QUESTIONS_PER_MIN: z.coerce.number().int().min(1).max(100_000).default(30),
  RATE_IMPORTS_PER_MIN: z.coerce.number().int().min(1).max(100_000).default(10),
  RATE_UPLOADS_PER_MIN: z.coerce.number().int().min(1).max(100_000).default(120),
  /** Background jobs (indexing PDFs): how many run at once in this process, and their lease. */
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
  JOBS_LEASE_S: z.coerce.number().int().min(5).max(3600).default(60),
  /**
   * Notices by e-mail too (smtp://user:pass@host:port, or smtps:// for TLS from the first byte); unset: nothing
   * is sent. SMTP_FROM is the sender.
   */
  SMTP_URL: optionalText.pipe(
    z
      .url("must be a URL such as smtp://user:pass@mail.example.com:587")
      .refine((u) => /^smtps?:$/.test(new URL(u).protocol), "must start with smtp:// or smtps://")
      .optional(),
  ),
  SMTP_FROM: z.string().trim().min(3).default("Geolabs Portal <portal@localhost>"),
  /** Bearer token a Prometheus scraper sends to GET /api/metrics (Owners may read it with their session). */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  /** Where the built client lives (the start script builds it there). */
  CLIENT_DIR: z.string().default("./dist/client"),
});

export type RawEnv = z.infer<typeof schema>;

/** The names of every setting (the configuration documents are checked against them). */
export const envKeys = () => Object.keys(schema.shape);

export interface Env extends RawEnv {
  DATA_DIR: string;
  DATABASE_URL: string;
  /** PUBLIC_URL is an https:// address (in any case): HSTS, the `__Host-` cookie, no plain-HTTP warning. */
  publicHttps: boolean;
  entra: { tenantId: string; clientId: string; authority: string; issuer: string; jwksUrl: string } | null;
}

export class ConfigError extends Error {}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const raw = parsed.data;
  const dataDir = resolve(raw.DATA_DIR);
  const databaseUrl = raw.DATABASE_URL ?? `file:${join(dataDir, "portal.db")}`;
  let entra: Env["entra"] = null;
  if (raw.AUTH_MODE === "entra") {
    const missing = (["ENTRA_TENANT_ID", "ENTRA_CLIENT_ID"] as const).filter((k) => !raw[k]);
    if (missing.length) {
      throw new ConfigError(`Invalid configuration:\n  ${missing.join(", ")}: required when AUTH_MODE=entra`);
    }
    const tenantId = raw.ENTRA_TENANT_ID!;
    const authority = raw.ENTRA_AUTHORITY ?? `https://login.microsoftonline.com/${tenantId}`;
    entra = {
      tenantId,
      clientId: raw.ENTRA_CLIENT_ID!,
      authority,
      issuer: raw.ENTRA_ISSUER ?? `https://login.microsoftonline.com/${tenantId}/v2.0`,
      jwksUrl: raw.ENTRA_JWKS_URL ?? `https://login.microsoftonline.com/${tenantId}/discovery/v2.0/keys`,
    };
  }
  if (raw.SESSION_TTL_HOURS > raw.SESSION_MAX_DAYS * 24) {
    throw new ConfigError(
      "Invalid configuration:\n  SESSION_TTL_HOURS: must not be longer than SESSION_MAX_DAYS (the absolute lifetime)",
    );
  }
  if (raw.AUTH_MODE === "proxy" && raw.TRUSTED_PROXIES.length === 0) {
    throw new ConfigError("Invalid configuration:\n  TRUSTED_PROXIES: required when AUTH_MODE=proxy");
  }
  if (raw.STORAGE_DRIVER === "s3" && !raw.S3_BUCKET) {
    throw new ConfigError("Invalid configuration:\n  S3_BUCKET: required when STORAGE_DRIVER=s3");
  }
  if (!raw.S3_ACCESS_KEY_ID !== !raw.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      "Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither (neither uses the SDK's default credentials)",
    );
  }
  if (!raw.EMBEDDINGS_BASE_URL !== !raw.EMBEDDINGS_MODEL) {
    throw new ConfigError(
      "Invalid configuration:\n  EMBEDDINGS_BASE_URL, EMBEDDINGS_MODEL: set both (embeddings on) or neither (full-text search only)",
    );
  }
  if (!raw.AI_BASE_URL !== !raw.AI_MODEL) {
    throw new ConfigError(
      "Invalid configuration:\n  AI_BASE_URL, AI_MODEL: set both (an OpenAI-compatible chat endpoint) or neither (the built-in answer model)",
    );
  }
  const publicHttps = !!raw.PUBLIC_URL && new URL(raw.PUBLIC_URL).protocol === "https:";
  return { ...raw, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, entra, publicHttps };
}
