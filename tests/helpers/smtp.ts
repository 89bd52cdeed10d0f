/**
 * A mail server on loopback (Bun.listen) speaking enough SMTP for the portal's client: it accepts any AUTH,
 * keeps each message it receives, and can refuse every recipient (a relay that says no).
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The header block as sent. */
  headers: string;
  /** The body, decoded from base64. */
  text: string;
}

interface Session {
  buffer: string;
  inData: boolean;
  from: string;
  to: string[];
}

export async function startSmtp(opts: { refuseRecipients?: boolean } = {}) {
  const mails: ReceivedMail[] = [];
  const waiting: ((m: ReceivedMail) => void)[] = [];
  let refusals = 0;
  const refusedWaiters: (() => void)[] = [];

  const deliver = (m: ReceivedMail) => {
    const w = waiting.shift();
    if (w) w(m);
    else mails.push(m);
  };

  function answer(s: Session, line: string): string | null {
    const verb = line.slice(0, 4).toUpperCase();
    if (verb === "EHLO" || verb === "HELO") return "250-loopback\r\n250 AUTH PLAIN";
    if (verb === "AUTH") return "235 Authenticated";
    if (verb === "MAIL") {
      s.from = /<([^>]*)>/.exec(line)?.[1] ?? "";
      return "250 OK";
    }
    if (verb === "RCPT") {
      if (opts.refuseRecipients) {
        refusals++;
        for (const w of refusedWaiters.splice(0)) w();
        return "550 No such mailbox";
      }
      s.to.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
      return "250 OK";
    }
    if (verb === "DATA") {
      s.inData = true;
      return "354 Go ahead";
    }
    if (verb === "QUIT") return "221 Bye";
    if (verb === "RSET" || verb === "NOOP") return "250 OK";
    return "502 Not here";
  }

  function takeData(s: Session): boolean {
    const end = s.buffer.indexOf("\r\n.\r\n");
    if (end < 0) return false;
    const raw = s.buffer.slice(0, end).replace(/^\.\./gm, ".");
    s.buffer = s.buffer.slice(end + 5);
    s.inData = false;
    const split = raw.indexOf("\r\n\r\n");
    const headers = raw.slice(0, split);
    const body = raw.slice(split + 4).replace(/\r\n/g, "");
    deliver({ from: s.from, to: s.to, headers, text: Buffer.from(body, "base64").toString("utf8") });
    s.to = [];
    return true;
  }

  const server = Bun.listen<Session>({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      open(socket) {
        socket.data = { buffer: "", inData: false, from: "", to: [] };
        socket.write("220 loopback ESMTP\r\n");
      },
      data(socket, chunk) {
        const s = socket.data;
        s.buffer += chunk.toString("utf8");
        for (;;) {
          if (s.inData) {
            if (!takeData(s)) return;
            socket.write("250 Queued\r\n");
            continue;
          }
          const eol = s.buffer.indexOf("\r\n");
          if (eol < 0) return;
          const line = s.buffer.slice(0, eol);
          s.buffer = s.buffer.slice(eol + 2);
          const reply = answer(s, line);
          if (reply) socket.write(`${reply}\r\n`);
          if (reply?.startsWith("221")) socket.end();
        }
      },
    },
  });

  return {
    url: `smtp://notices:secret@127.0.0.1:${server.port}`,
    /** The next message received (waits up to 5 s). */
    next(): Promise<ReceivedMail> {
      const m = mails.shift();
      if (m) return Promise.resolve(m);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no mail arrived within 5 s")), 5000);
        waiting.push((mail) => {
          clearTimeout(timer);
          resolve(mail);
        });
      });
    },
    /** Resolves once a recipient was refused. */
    refused(): Promise<void> {
      if (refusals) return Promise.resolve();
      return new Promise((resolve) => refusedWaiters.push(resolve));
    },
    close: () => server.stop(true),
  };
}
