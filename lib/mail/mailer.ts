/**
 * Outgoing mail over SMTP (`SMTP_URL`) with nodemailer. Without SMTP, `sendMail` reports
 * `sent: false` and the caller decides what to do (in development: log the link).
 */
import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { loadEnv } from "@/lib/env";

/** `messageId`: a stable Message-ID for a mail that may be retried (mail clients drop the copy). */
export type Mail = { to: string; subject: string; text: string; html?: string; messageId?: string };

let transport: { url: string; transporter: Transporter } | undefined;

function transporterFor(url: string): Transporter {
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport(url) };
  return transport.transporter;
}

export function mailConfigured(): boolean {
  return Boolean(loadEnv().SMTP_URL);
}

function defaultFrom(): string {
  const authUrl = loadEnv().AUTH_URL;
  const host = authUrl ? new URL(authUrl).hostname : "localhost";
  return `Talk Todo <no-reply@${host}>`;
}

/** Sends one mail; false when no SMTP server is configured. Throws when the server refuses it. */
export async function sendMail(mail: Mail): Promise<boolean> {
  const env = loadEnv();
  if (!env.SMTP_URL) return false;
  await transporterFor(env.SMTP_URL).sendMail({ from: env.MAIL_FROM ?? defaultFrom(), ...mail });
  return true;
}
