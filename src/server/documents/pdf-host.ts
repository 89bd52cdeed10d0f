import type { DemoPdf, PdfReply, PdfRequest } from "./pdf-protocol";

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
  demoPdfs(): Promise<DemoPdf[]>;
  /** End the thread now (shutdown). */
  close(): void;
}

/** Omit `id` from each member of the union (a plain Omit would merge them). */
type WithoutId<T> = T extends unknown ? Omit<T, "id"> : never;
type Pending = { resolve(v: unknown): void; reject(e: unknown): void };

/**
 * One PDF thread, started on first use and ended after `idleMs` without work (or when it dies: the next call
 * starts a new one). Calls are matched to replies by id.
 */
export function createPdfHost(opts: { idleMs?: number } = {}): PdfHost {
  const idleMs = opts.idleMs ?? 15_000;
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  let openDocs = 0;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;

  const failAll = (err: unknown) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };

  function thread(): Worker {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    if (worker) return worker;
    const w = new Worker(new URL("./pdf-thread.ts", import.meta.url).href);
    w.onmessage = (event: MessageEvent<PdfReply>) => {
      const reply = event.data;
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if (reply.ok) p.resolve(reply.value);
      else p.reject(new PdfReadError(reply.kind, reply.message));
      settle();
    };
    w.onerror = (event) => {
      worker = null;
      openDocs = 0;
      failAll(new PdfReadError("unreadable", event.message || "The PDF reader stopped."));
    };
    worker = w;
    return w;
  }

  /** Nothing in flight and no document open: end the thread after a while. */
  function settle() {
    if (pending.size || openDocs || !worker || idleTimer) return;
    idleTimer = setTimeout(() => {
      idleTimer = null;
      if (pending.size || openDocs) return;
      worker?.terminate();
      worker = null;
    }, idleMs);
    idleTimer.unref?.();
  }

  function call<T>(msg: WithoutId<PdfRequest>, transfer: Transferable[] = []): Promise<T> {
    const w = thread();
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      w.postMessage({ ...msg, id }, transfer);
    });
  }

  return {
    async open(bytes) {
      // pdf.js detaches the buffer it parses: send a copy and keep the caller's bytes intact.
      const copy = bytes.slice();
      openDocs++;
      try {
        const { handle, pages } = await call<{ handle: number; pages: string[] }>(
          { op: "open", bytes: copy },
          [copy.buffer],
        );
        let closed = false;
        return {
          pages,
          render: (page, scale) => call<Uint8Array>({ op: "render", handle, page, scale }),
          async close() {
            if (closed) return;
            closed = true;
            await call({ op: "close", handle }).catch(() => {});
            openDocs = Math.max(0, openDocs - 1);
            settle();
          },
        };
      } catch (err) {
        openDocs = Math.max(0, openDocs - 1);
        settle();
        throw err;
      }
    },
    demoPdfs: () => call<DemoPdf[]>({ op: "demo" }),
    close() {
      if (idleTimer) clearTimeout(idleTimer);
      failAll(new PdfReadError("unreadable", "The PDF reader was stopped."));
      worker?.terminate();
      worker = null;
    },
  };
}
