/** A real SMTP server in the test process (the smtp-server package) that keeps every mail it receives. */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string };

export async function startSmtpServer(): Promise<{
  url: string;
  mails: ReceivedMail[];
  waitForMail: (to: string, timeoutMs?: number) => Promise<ReceivedMail>;
  close: () => Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  async function waitForMail(to: string, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = mails.find((m) => m.to.includes(to));
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return { url: `smtp://127.0.0.1:${port}`, mails, waitForMail, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The reset link in a mail's text (quoted-printable soft breaks undone). */
export function resetLinkIn(mail: ReceivedMail): URL {
  const text = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(text);
  if (!match) throw new Error(`no reset link in mail:\n${mail.raw}`);
  return new URL(match[0]);
}

/** The email-verification link in a mail's text. */
export function verifyLinkIn(mail: ReceivedMail): URL {
  const text = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = /https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(text);
  if (!match) throw new Error(`no verification link in mail:\n${mail.raw}`);
  return new URL(match[0]);
}

/** A mail's text with quoted-printable soft breaks undone. */
export function textOf(mail: ReceivedMail): string {
  return mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
}
