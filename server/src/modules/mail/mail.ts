// Outgoing mail: nodemailer over SMTP when SMTP_URL is set, otherwise a local outbox (the
// message is logged and written as a file under <dataDir>/outbox) so that a fresh install
// without a mail server still shows its e-mail codes to whoever runs it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';

export interface Mailer {
  /** Where mail goes, for logs and `verdict doctor`: an SMTP URL without credentials or an outbox folder. */
  readonly target: string;
  send(to: string, subject: string, text: string): Promise<void>;
}

const SMTP_TIMEOUT_MS = 10_000;

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, log: Logger): Mailer {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl, config.mailFrom);
  return outboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, log);
}

function smtpTransport(smtpUrl: string) {
  // The timeouts go with the URL in the transport's options: createTransport's second argument
  // is the messages' defaults, where they were once put and ignored.
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  } satisfies SMTPTransport.Options);
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = smtpTransport(smtpUrl);
  return {
    target: redactUrl(smtpUrl),
    async send(to, subject, text) {
      await transport.sendMail({ from, to, subject, text });
    },
  };
}

function outboxMailer(dir: string, from: string, log: Logger): Mailer {
  return {
    target: dir,
    async send(to, subject, text) {
      fs.mkdirSync(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${crypto.randomBytes(4).toString('hex')}.txt`);
      const message = `From: ${from}\nTo: ${to}\nSubject: ${subject}\nDate: ${new Date().toUTCString()}\n\n${text}\n`;
      await fs.promises.writeFile(file, message, { mode: 0o600 });
      log.info({ to, subject, file }, `mail written to the outbox (no SMTP_URL configured):\n${text}`);
    },
  };
}

/** The URL without its password, safe to print. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable SMTP URL)';
  }
}

/** Connects to the SMTP server and says hello (and logs in, when the URL carries credentials). */
export async function checkSmtp(smtpUrl: string): Promise<{ ok: true } | { ok: false; error: string }> {
  const transport = smtpTransport(smtpUrl);
  try {
    await transport.verify();
    return { ok: true };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  } finally {
    transport.close();
  }
}
