/**
 * A small OpenAI-compatible server on loopback for tests: streamed and plain chat completions and embeddings.
 * The model name picks the behaviour: any name answers (quoting the first source's file and page as a
 * citation); "refuse" answers the refusal the prompt tells it to give; "fail" answers 500; "hang" never answers;
 * "slow" streams one word every `slowMs`.
 */
export interface FakeOpenAi {
  baseURL: string;
  /** Bodies of the chat completion requests, in order. */
  chats: { model: string; stream: boolean; messages: { role: string; content: string }[] }[];
  embeddings: { model: string; input: string[] }[];
  /** Chat requests whose client went away before the answer was complete. */
  aborted: number;
  /** Resolves once `aborted` is past `count` (the client's call was cut); fails after `ms`. */
  abortedPast(count: number, ms?: number): Promise<void>;
  stop(): void;
}

const DIMS = 32;

/** A bag-of-words vector: texts sharing words point the same way (enough to test vector retrieval). */
export function fakeEmbedding(text: string): number[] {
  const v = new Array<number>(DIMS).fill(0);
  for (const w of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    let h = 0;
    for (const c of w) h = (h * 31 + c.charCodeAt(0)) >>> 0;
    v[h % DIMS]! += 1;
  }
  return v;
}

function answerFor(messages: { role: string; content: string }[], model: string) {
  const system = messages.find((m) => m.role === "system")?.content ?? "";
  // "refuse": a model that follows the prompt's instruction for a question the passages do not answer.
  if (model === "refuse")
    return system.match(/say exactly: "([^"]+)"/)?.[1] ?? "No instruction for a refusal.";
  const file = system.match(/<source n="1" file="([^"]+)">/)?.[1];
  const page = system.match(/<page n="(\d+)">/)?.[1];
  return file ? `The documents answer this directly. [${file} p. ${page}]` : "Nothing in the sources.";
}

export function startFakeOpenAi(opts: { slowMs?: number } = {}): FakeOpenAi {
  const state: Omit<FakeOpenAi, "baseURL" | "stop" | "abortedPast"> = {
    chats: [],
    embeddings: [],
    aborted: 0,
  };
  const waiters = new Set<() => void>();
  const cut = () => {
    state.aborted++;
    for (const wake of waiters) wake();
  };
  const abortedPast = async (count: number, ms = 5_000) => {
    const deadline = performance.now() + ms;
    while (state.aborted <= count) {
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`no chat call was cut within ${ms} ms`);
      let timer: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>((resolve) => {
        waiters.add(resolve);
        timer = setTimeout(resolve, left);
      }).finally(() => clearTimeout(timer));
    }
  };
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 0,
    async fetch(req) {
      const path = new URL(req.url).pathname;
      const body = (await req.json()) as Record<string, unknown>;
      if (path === "/v1/embeddings") {
        const input = (Array.isArray(body.input) ? body.input : [body.input]) as string[];
        state.embeddings.push({ model: String(body.model), input });
        if (body.model === "fail") return Response.json({ error: { message: "down" } }, { status: 500 });
        return Response.json({
          object: "list",
          model: body.model,
          data: input.map((t, index) => ({ object: "embedding", index, embedding: fakeEmbedding(t) })),
          usage: { prompt_tokens: 1, total_tokens: 1 },
        });
      }
      if (path !== "/v1/chat/completions") return new Response("not found", { status: 404 });
      const model = String(body.model);
      const messages = body.messages as { role: string; content: string }[];
      state.chats.push({ model, stream: !!body.stream, messages });
      if (model === "fail") return Response.json({ error: { message: "model crashed" } }, { status: 500 });
      if (model === "hang") {
        await new Promise<void>((resolve) => req.signal.addEventListener("abort", () => resolve()));
        cut();
        return new Response(null, { status: 499 });
      }
      const text = answerFor(messages, model);
      if (!body.stream) {
        return Response.json({
          id: "chatcmpl-1",
          object: "chat.completion",
          created: 1,
          model,
          choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        });
      }
      const words = text.match(/\S+\s*/g) ?? [];
      const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
        `data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 1, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      const enc = new TextEncoder();
      const stream = new ReadableStream({
        async start(controller) {
          try {
            controller.enqueue(enc.encode(chunk({ role: "assistant", content: "" })));
            for (const w of words) {
              if (model === "slow") await Bun.sleep(opts.slowMs ?? 100);
              if (req.signal.aborted) throw new Error("client went away");
              controller.enqueue(enc.encode(chunk({ content: w })));
            }
            controller.enqueue(enc.encode(chunk({}, "stop")));
            controller.enqueue(enc.encode("data: [DONE]\n\n"));
            controller.close();
          } catch {
            cut();
          }
        },
        cancel() {
          cut();
        },
      });
      return new Response(stream, { headers: { "content-type": "text/event-stream" } });
    },
  });
  return Object.assign(state, {
    abortedPast,
    baseURL: `http://127.0.0.1:${server.port}/v1`,
    stop: () => server.stop(true),
  });
}
