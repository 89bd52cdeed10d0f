import { setPriority } from "node:os";
import type { Subprocess } from "bun";
import { watchMemory } from "../lib/memory-watch";
import { PdfLimitError, type PdfLimits } from "./limits";
import type { DemoPdf, PdfReply, PdfRequest, TextDocument } from "./protocol";

/** Why a PDF could not be read, as the pipeline words it for a person. */
export class PdfReadError extends Error {
  constructor(
    readonly kind: "encrypted" | "unreadable",
    detail: string,
  ) {
    super(detail);
    this.name = "PdfReadError";
  }
}

export interface OpenPdf {
  /** Text of each page, in order (page 1 first), normalised. */
  pages: string[];
  /** PNG of one page (1-based) at `scale` × 72 dpi, or less for a page past the pixel limit. */
  render(page: number, scale: number): Promise<Uint8Array>;
  /** The page (1-based) rendered and read with OCR; "" for a blank page. */
  ocr(page: number): Promise<string>;
  close(): Promise<void>;
}

export interface PdfHost {
  readonly limits: PdfLimits;
  /**
   * Open a PDF and extract its text, within the limits: a PdfLimitError past any of them, a PdfReadError for a
   * damaged or locked file. Aborting `signal` stops the work where it is (its process is ended) and rejects with
   * the signal's reason.
   */
  open(bytes: Uint8Array, opts?: { signal?: AbortSignal }): Promise<OpenPdf>;
  demoPdfs(docs: TextDocument[]): Promise<DemoPdf[]>;
  /** End the processes now (shutdown). */
  close(): void;
}

/** Omit `id` from each member of the union (a plain Omit would merge them). */
type WithoutId<T> = T extends unknown ? Omit<T, "id"> : never;
type Pending = { resolve(v: unknown): void; reject(e: unknown): void };

/** Documents at least this long are split between two processes (one per core of a small server). */
const SPLIT_PAGES = 24;
/** pdf.js keeps state from every document it read, and each next one reads slower: a process serves this many. */
const RECYCLE_AFTER = 50;
/** Below the server's priority: a request always goes before a page. */
const NICENESS = 10;
const ENTRY = new URL("./process.ts", import.meta.url).pathname;

/**
 * One PDF process, serving one document at a time (so stopping it stops nobody else's work). Started on first
 * use; while it works its memory is read every WATCH_MS and past its cap it is killed; ended after `idleMs`
 * without work, or when told to stop (a limit, an abort). Calls are matched to replies by id.
 */
class PdfProcess {
  private proc: Subprocess<"ignore", "inherit", "inherit"> | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private unwatch: (() => void) | null = null;
  /** Holding a document (leased by an open PDF). */
  busy = false;
  /** Documents leased since it started: past RECYCLE_AFTER it is ended when idle, and a fresh one takes over. */
  served = 0;
  /** The memory it may use now: the setting, plus room for the file it holds (the bytes, pdf.js's copy). */
  capBytes = 0;

  constructor(
    private readonly idleMs: number,
    private readonly memoryBytes: number,
  ) {}

  call<T>(msg: WithoutId<PdfRequest>): Promise<T> {
    const proc = this.start();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      proc.send({ ...msg, id });
    });
  }

  /** Close a document it holds; nothing to do when the process already ended (it took the document along). */
  async closeDoc(handle: number) {
    if (this.proc) await this.call({ op: "close", handle }).catch(() => {});
  }

  /** Stop it now, failing whatever it was doing with `reason`. */
  stop(reason: unknown) {
    const proc = this.proc;
    this.proc = null;
    this.quiet();
    this.failAll(reason);
    proc?.kill("SIGKILL");
  }

  /** Nothing in flight and no document held: end the process after a while. */
  settle() {
    if (this.pending.size || this.busy || !this.proc) return;
    if (this.served >= RECYCLE_AFTER) {
      this.served = 0;
      this.stop(new PdfReadError("unreadable", "The PDF reader was restarted."));
      return;
    }
    if (this.idleTimer) return;
    this.unwatch?.();
    this.unwatch = null;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (!this.pending.size && !this.busy)
        this.stop(new PdfReadError("unreadable", "The PDF reader was stopped."));
    }, this.idleMs);
    this.idleTimer.unref?.();
  }

  private quiet() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.unwatch?.();
    this.idleTimer = null;
    this.unwatch = null;
  }

  private failAll(err: unknown) {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  private start() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (!this.proc) {
      const proc = Bun.spawn([process.execPath, ENTRY], {
        stdio: ["ignore", "inherit", "inherit"],
        serialization: "advanced",
        ipc: (reply: PdfReply) => this.receive(reply),
        onExit: () => {
          if (this.proc !== proc) return;
          this.proc = null;
          this.quiet();
          this.failAll(new PdfReadError("unreadable", "The PDF reader stopped."));
        },
      });
      try {
        setPriority(proc.pid, NICENESS);
      } catch {} // not permitted here: it runs at the server's priority
      this.proc = proc;
    }
    this.unwatch ??= watchMemory(
      this.proc.pid,
      () => this.capBytes || this.memoryBytes,
      () => this.stop(new PdfLimitError("memory")),
    );
    return this.proc;
  }

  private receive(reply: PdfReply) {
    const p = this.pending.get(reply.id);
    if (!p) return;
    this.pending.delete(reply.id);
    if (reply.ok) p.resolve(reply.value);
    else if (reply.kind === "limit") p.reject(new PdfLimitError(reply.limit, reply.found));
    else p.reject(new PdfReadError(reply.kind, reply.message));
    this.settle();
  }
}

export function createPdfHost(
  limits: PdfLimits,
  opts: {
    idleMs?: number;
    split?: boolean /** tesseract data for scanned pages (default: the npm package). */;
    ocrLangPath?: string;
  } = {},
): PdfHost {
  const processes: PdfProcess[] = [];
  let closed = false;

  /** A process of its own for one document: an idle one, or a new one. */
  function lease(fileBytes: number): PdfProcess {
    if (closed) throw new PdfReadError("unreadable", "The PDF reader was stopped.");
    let p = processes.find((x) => !x.busy);
    if (!p) {
      p = new PdfProcess(opts.idleMs ?? 15_000, limits.memoryBytes);
      processes.push(p);
    }
    p.busy = true;
    p.served++;
    p.capBytes = limits.memoryBytes + 3 * fileBytes;
    return p;
  }
  const release = (p: PdfProcess) => {
    p.busy = false;
    p.settle();
  };

  const openIn = (p: PdfProcess, bytes: Uint8Array, check: boolean) => openBytes(limits, p, bytes, check);
  const leases: ProcessLeases = { lease, release, openIn };

  return {
    limits,
    async open(bytes, { signal } = {}) {
      signal?.throwIfAborted();
      const main = lease(bytes.length);
      const helpers: PdfProcess[] = [];
      const stopAll = () => {
        for (const p of [main, ...helpers]) p.stop(signal?.reason);
      };
      signal?.addEventListener("abort", stopAll, { once: true });
      const detach = () => signal?.removeEventListener("abort", stopAll);
      let handle: number;
      let numPages: number;
      try {
        ({ handle, numPages } = await openIn(main, bytes, true));
      } catch (err) {
        detach();
        release(main);
        throw err;
      }
      let pages: string[];
      try {
        const doc = { main, handle, numPages, bytes, split: opts.split !== false };
        pages = await readText(leases, limits, doc, helpers);
      } catch (err) {
        detach();
        await main.closeDoc(handle);
        release(main);
        throw err;
      }
      return openDocument(leases, limits, { main, handle, pages, ocrLangPath: opts.ocrLangPath }, detach);
    },
    async demoPdfs(docs) {
      const p = lease(0);
      try {
        return await p.call<DemoPdf[]>({ op: "demo", docs });
      } finally {
        release(p);
      }
    },
    close() {
      closed = true;
      for (const p of processes) p.stop(new PdfReadError("unreadable", "The PDF reader was stopped."));
    },
  };
}

/** How an open document gets processes of its own, hands them back, and opens its bytes in one. */
interface ProcessLeases {
  lease(fileBytes: number): PdfProcess;
  release(p: PdfProcess): void;
  openIn(p: PdfProcess, bytes: Uint8Array, check: boolean): Promise<{ handle: number; numPages: number }>;
}

/** Open `bytes` in `p` (on a copy: the bytes are sent, the caller keeps its own); `check`: the stream limit too. */
const openBytes = (limits: PdfLimits, p: PdfProcess, bytes: Uint8Array, check: boolean) =>
  p.call<{ handle: number; numPages: number }>({
    op: "open",
    bytes,
    maxPages: limits.maxPages,
    maxStreamBytes: check ? limits.maxStreamBytes : Number.MAX_SAFE_INTEGER,
  });

const textOf = (p: PdfProcess, limits: PdfLimits, handle: number, from: number, to: number) =>
  p.call<string[]>({ op: "text", handle, from, to, maxChars: limits.maxTextChars });

/** Each page's text, within the text limit; `helpers` gets the helper process a long document leases. */
async function readText(
  leases: ProcessLeases,
  limits: PdfLimits,
  doc: { main: PdfProcess; handle: number; numPages: number; bytes: Uint8Array; split: boolean },
  helpers: PdfProcess[],
): Promise<string[]> {
  const { main, handle, numPages, bytes } = doc;
  if (!(doc.split && numPages >= SPLIT_PAGES))
    return numPages ? await textOf(main, limits, handle, 1, numPages) : [];
  // Text extraction is CPU-bound: the second half of a long document is read by another process.
  const mid = Math.ceil(numPages / 2);
  const helper = leases.lease(bytes.length);
  helpers.push(helper);
  const second = (async () => {
    try {
      const h = await leases.openIn(helper, bytes, false);
      return await textOf(helper, limits, h.handle, mid + 1, numPages);
    } finally {
      leases.release(helper);
    }
  })();
  const [a, b] = await Promise.all([textOf(main, limits, handle, 1, mid), second]);
  const pages = [...a, ...b];
  if (pages.reduce((n, p) => n + p.length, 0) > limits.maxTextChars) throw new PdfLimitError("text");
  return pages;
}

/**
 * The open document: its pages' text, a page rendered or read with OCR (the text limit counting the OCR text
 * too), and close(), which hands its process back (`detach` first: an abort no longer concerns it).
 */
function openDocument(
  leases: ProcessLeases,
  limits: PdfLimits,
  doc: { main: PdfProcess; handle: number; pages: string[]; ocrLangPath: string | undefined },
  detach: () => void,
): OpenPdf {
  const { main, handle, pages } = doc;
  let closed = false;
  let chars = pages.reduce((n, p) => n + p.length, 0);
  return {
    pages,
    render: (page, scale) =>
      main.call<Uint8Array>({ op: "render", handle, page, scale, maxPixels: limits.maxRenderPixels }),
    async ocr(page) {
      const out = await main.call<string>({
        op: "ocr",
        handle,
        page,
        maxPixels: limits.maxRenderPixels,
        langPath: doc.ocrLangPath,
      });
      chars += out.length;
      if (chars > limits.maxTextChars) throw new PdfLimitError("text");
      return out;
    },
    async close() {
      if (closed) return;
      closed = true;
      detach();
      await main.closeDoc(handle);
      leases.release(main);
    },
  };
}
