import type { DemoPdf, DemoSet, PdfReply, PdfRequest } from "./pdf-protocol";

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
  /** Text of each page, in order (page 1 first). */
  pages: string[];
  /** PNG of one page (1-based) at `scale` × 72 dpi. */
  render(page: number, scale: number): Promise<Uint8Array>;
  close(): Promise<void>;
}

export interface PdfHost {
  open(bytes: Uint8Array): Promise<OpenPdf>;
  demoPdfs(set?: DemoSet): Promise<DemoPdf[]>;
  /** End the threads now (shutdown). */
  close(): void;
}

/** Omit `id` from each member of the union (a plain Omit would merge them). */
type WithoutId<T> = T extends unknown ? Omit<T, "id"> : never;
type Pending = { resolve(v: unknown): void; reject(e: unknown): void };

/** Documents at least this long are split between the two threads (one per core of a small server). */
const SPLIT_PAGES = 24;

/**
 * One PDF thread, started on first use and ended after `idleMs` without work (or when it dies: the next call
 * starts a new one). Calls are matched to replies by id.
 */
class PdfThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  /** Documents open in this thread: it stays up while any is. */
  open = 0;

  constructor(private readonly idleMs: number) {}

  call<T>(msg: WithoutId<PdfRequest>, transfer: Transferable[] = []): Promise<T> {
    const w = this.thread();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      w.postMessage({ ...msg, id }, transfer);
    });
  }

  /** Nothing in flight and no document open: end the thread after a while. */
  settle() {
    if (this.pending.size || this.open || !this.worker || this.idleTimer) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.pending.size || this.open) return;
      this.worker?.terminate();
      this.worker = null;
    }, this.idleMs);
    this.idleTimer.unref?.();
  }

  stop() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.failAll(new PdfReadError("unreadable", "The PDF reader was stopped."));
    this.worker?.terminate();
    this.worker = null;
  }

  private failAll(err: unknown) {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  private thread(): Worker {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (this.worker) return this.worker;
    const w = new Worker(new URL("./pdf-thread.ts", import.meta.url).href);
    w.onmessage = (event: MessageEvent<PdfReply>) => {
      const reply = event.data;
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      if (reply.ok) p.resolve(reply.value);
      else p.reject(new PdfReadError(reply.kind, reply.message));
      this.settle();
    };
    w.onerror = (event) => {
      this.worker = null;
      this.open = 0;
      this.failAll(new PdfReadError("unreadable", event.message || "The PDF reader stopped."));
    };
    this.worker = w;
    return w;
  }
}

/** Open a document in `thread` (on a copy of the bytes: pdf.js detaches the buffer it parses). */
async function openIn(thread: PdfThread, bytes: Uint8Array) {
  const copy = bytes.slice();
  thread.open++;
  try {
    return await thread.call<{ handle: number; numPages: number }>({ op: "open", bytes: copy }, [
      copy.buffer,
    ]);
  } catch (err) {
    thread.open--;
    thread.settle();
    throw err;
  }
}

async function closeIn(thread: PdfThread, handle: number) {
  await thread.call({ op: "close", handle }).catch(() => {});
  thread.open = Math.max(0, thread.open - 1);
  thread.settle();
}

export function createPdfHost(opts: { idleMs?: number; threads?: number } = {}): PdfHost {
  const threads = Array.from(
    { length: Math.max(1, opts.threads ?? 2) },
    () => new PdfThread(opts.idleMs ?? 15_000),
  );
  const [main, helper] = threads as [PdfThread, PdfThread | undefined];

  return {
    async open(bytes) {
      const { handle, numPages } = await openIn(main, bytes);
      let pages: string[];
      try {
        if (helper && numPages >= SPLIT_PAGES) {
          // Text extraction is CPU-bound: the second half of a long document is read by the other thread.
          const mid = Math.ceil(numPages / 2);
          const second = openIn(helper, bytes).then(async (h) => {
            try {
              return await helper.call<string[]>({
                op: "text",
                handle: h.handle,
                from: mid + 1,
                to: numPages,
              });
            } finally {
              await closeIn(helper, h.handle);
            }
          });
          const first = main.call<string[]>({ op: "text", handle, from: 1, to: mid });
          pages = [...(await first), ...(await second)];
        } else {
          pages = numPages ? await main.call<string[]>({ op: "text", handle, from: 1, to: numPages }) : [];
        }
      } catch (err) {
        await closeIn(main, handle);
        throw err;
      }
      let closed = false;
      return {
        pages,
        render: (page, scale) => main.call<Uint8Array>({ op: "render", handle, page, scale }),
        async close() {
          if (closed) return;
          closed = true;
          await closeIn(main, handle);
        },
      };
    },
    demoPdfs: (set) => main.call<DemoPdf[]>({ op: "demo", set }),
    close() {
      for (const t of threads) t.stop();
    },
  };
}
