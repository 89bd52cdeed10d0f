import type { Socket, SocketHandler } from "bun";

/**
 * A small SMTP client over Bun's TCP sockets: enough to hand plain-text notices to a relay (EHLO, AUTH PLAIN
 * when the URL carries a user, MAIL, RCPT, DATA). `smtp://` is a plain connection, `smtps://` TLS from the
 * first byte (port 465); STARTTLS is not spoken, so a relay that needs TLS is given as smtps://. One message per
 * connection: notices are few, and a connection never outlives the message it carries.
 */
export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
}

export interface SmtpTarget {
  host: string;
  port: number;
  tls: boolean;
  user?: string;
  pass?: string;
}

export function smtpTarget(url: string): SmtpTarget {
  const u = new URL(url);
  const tls = u.protocol === "smtps:";
  return {
    host: u.hostname.replace(/^\[|\]$/g, ""),
    port: Number(u.port) || (tls ? 465 : 25),
    tls,
    ...(u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : {}),
  };
}

/** A header value on one line (a ticket title must not add headers), non-ASCII as an RFC 2047 word. */
function headerText(s: string): string {
  const line = s.replace(/[\r\n]+/g, " ").slice(0, 300);
  return /^[\x20-\x7e]*$/.test(line) ? line : `=?UTF-8?B?${Buffer.from(line).toString("base64")}?=`;
}

const address = (s: string) => s.replace(/[\r\n<>]/g, "");

/** The message as sent after DATA: headers, a base64 UTF-8 body, dot-stuffed, CRLF line ends. */
export function formatMessage(m: MailMessage, now = new Date()): string {
  const body = Buffer.from(m.text.replace(/\r?\n/g, "\r\n")).toString("base64").replace(/.{76}/g, "$&\r\n");
  const domain =
    address(m.from)
      .split("@")[1]
      ?.replace(/[^\w.-]/g, "") || "localhost";
  return [
    `From: ${address(m.from)}`,
    `To: ${address(m.to)}`,
    `Subject: ${headerText(m.subject)}`,
    `Date: ${now.toUTCString()}`,
    `Message-ID: <${crypto.randomUUID()}@${domain}>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: base64",
    "",
    body,
  ].join("\r\n");
}

/** The bare address inside "Name <a@b>" (or the whole text). */
const bare = (s: string) => address(/<([^>]+)>/.exec(s)?.[1] ?? s).trim();

/** Send one message; throws with the server's reply when it refuses, or on a timeout. */
export async function sendMail(target: SmtpTarget, m: MailMessage, timeoutMs = 15_000): Promise<void> {
  const conn = await connect(target, timeoutMs);
  try {
    await conn.expect(220);
    await conn.command(`EHLO ${hostName()}`, 250);
    if (target.user) {
      const plain = Buffer.from(`\0${target.user}\0${target.pass ?? ""}`).toString("base64");
      await conn.command(`AUTH PLAIN ${plain}`, 235);
    }
    await conn.command(`MAIL FROM:<${bare(m.from)}>`, 250);
    await conn.command(`RCPT TO:<${bare(m.to)}>`, 250);
    await conn.command("DATA", 354);
    const data = formatMessage(m).replace(/^\./gm, "..");
    await conn.command(`${data}\r\n.`, 250);
    await conn.command("QUIT", 221).catch(() => {});
  } finally {
    conn.close();
  }
}

const hostName = () => (process.env.HOSTNAME || "localhost").replace(/[^\w.-]/g, "") || "localhost";

/** A connection read reply by reply: each reply is complete at its last line ("250 OK", not "250-…"). */
async function connect(target: SmtpTarget, timeoutMs: number) {
  let buffer = "";
  let waiting: (() => void) | null = null;
  let failure: Error | null = null;
  // What the socket has not taken yet: a large write is finished as the socket drains.
  let unsent = Buffer.alloc(0);
  const flush = (s: Socket) => {
    if (!unsent.length) return;
    const n = s.write(unsent);
    unsent = unsent.subarray(Math.max(n, 0));
  };
  const wake = () => {
    waiting?.();
    waiting = null;
  };
  const open = await dial(target, timeoutMs, {
    drain: flush,
    data(_s, chunk) {
      buffer += chunk.toString("utf8");
      wake();
    },
    close() {
      failure ??= new Error("The mail server closed the connection.");
      wake();
    },
    error(_s, err) {
      failure = err;
      wake();
    },
  });
  // One deadline for the exchange once connected.
  const deadline = setTimeout(() => {
    failure = new Error(`The mail server did not answer within ${timeoutMs / 1000} s.`);
    wake();
    open.end();
  }, timeoutMs);

  async function reply(): Promise<{ code: number; text: string }> {
    for (;;) {
      const m = /(?:^|\r\n)(\d{3}) [^\r\n]*\r\n/.exec(buffer);
      if (m) {
        const text = buffer.slice(0, m.index + m[0].length);
        buffer = buffer.slice(text.length);
        return { code: Number(m[1]), text: text.trim() };
      }
      if (failure) throw failure;
      await new Promise<void>((resolve) => {
        waiting = resolve;
      });
    }
  }
  async function expect(code: number) {
    const r = await reply();
    if (r.code !== code) throw new Error(`The mail server answered: ${r.text.slice(0, 200)}`);
  }
  return {
    expect,
    async command(line: string, code: number) {
      unsent = Buffer.concat([unsent, Buffer.from(`${line}\r\n`)]);
      flush(open);
      await expect(code);
    },
    close() {
      clearTimeout(deadline);
      open.end();
    },
  };
}

/** Connect, or fail after `timeoutMs` (an unreachable host may never answer); a late connection is closed. */
async function dial(
  target: SmtpTarget,
  timeoutMs: number,
  handlers: SocketHandler<undefined>,
): Promise<Socket> {
  const connecting = Bun.connect({
    hostname: target.host,
    port: target.port,
    tls: target.tls,
    socket: handlers,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The mail server did not answer within ${timeoutMs / 1000} s.`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([connecting, timeout]);
  } catch (err) {
    void connecting.then((late) => late.end()).catch(() => {});
    throw err;
  } finally {
    clearTimeout(timer);
  }
}
