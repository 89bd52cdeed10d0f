import { describe, expect, test } from "bun:test";
import { formatMessage, sendMail, smtpTarget } from "@server/lib/smtp";
import { startSmtp } from "../helpers/smtp";

describe("the SMTP client", () => {
  test("a title cannot add headers; non-ASCII subjects are encoded; the URL gives host, port, TLS and login", () => {
    const raw = formatMessage({
      from: "Portal <portal@geolabs.example>",
      to: "kai@geolabs.example",
      subject: "Printer\r\nBcc: everyone@geolabs.example",
      text: "x",
    });
    expect(raw).not.toMatch(/^Bcc:/m);
    expect(raw).toMatch(/^Subject: Printer Bcc: everyone@geolabs\.example$/m);
    expect(formatMessage({ from: "a@b.c", to: "d@e.f", subject: "Mālama ʻāina", text: "" })).toContain(
      `Subject: =?UTF-8?B?${Buffer.from("Mālama ʻāina").toString("base64")}?=`,
    );
    expect(smtpTarget("smtps://me%40x:p%3Ass@mail.example.com")).toEqual({
      host: "mail.example.com",
      port: 465,
      tls: true,
      user: "me@x",
      pass: "p:ss",
    });
    expect(smtpTarget("smtp://127.0.0.1:2525")).toEqual({ host: "127.0.0.1", port: 2525, tls: false });
  });

  test("a long body with lines starting with dots arrives as written", async () => {
    const smtp = await startSmtp();
    try {
      const text = `.hidden line\n..two dots\n${"long line ".repeat(5000)}\nend`;
      await sendMail(smtpTarget(smtp.url), {
        from: "a@geolabs.example",
        to: "b@geolabs.example",
        subject: "S",
        text,
      });
      const mail = await smtp.next();
      expect(mail.text).toBe(text.replace(/\n/g, "\r\n"));
      expect(mail.to).toEqual(["b@geolabs.example"]);
    } finally {
      smtp.close();
    }
  });

  test("a refusal is thrown with the server's words; a closed port fails rather than hangs", async () => {
    const smtp = await startSmtp({ refuseRecipients: true });
    try {
      const send = sendMail(smtpTarget(smtp.url), { from: "a@b.c", to: "x@b.c", subject: "S", text: "t" });
      await expect(send).rejects.toThrow("The mail server answered: 550 No such mailbox");
    } finally {
      smtp.close();
    }
    const port = smtpTarget(smtp.url).port;
    await expect(
      sendMail(
        { host: "127.0.0.1", port, tls: false },
        { from: "a@b.c", to: "x@b.c", subject: "S", text: "t" },
        2000,
      ),
    ).rejects.toThrow();
  });
});
