import nodemailer from 'nodemailer';
import type { Logger } from './logger.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
};

export interface MailTransport {
  readonly kind: 'smtp' | 'log' | 'memory';
  send(message: MailMessage): Promise<void>;
}

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  // A few kept-open connections: a new SMTP handshake per message made every mail wait for it.
  const transporter = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 5 });
  return {
    kind: 'smtp',
    send: async (message) => {
      await transporter.sendMail({ from, ...message });
    },
  };
}

const LINK_PATTERN = /https?:\/\/[^\s"'<>]+/g;

/** Without SMTP, mail goes to the log with every link, so a local user can still verify. */
export function createLogTransport(logger: Logger): MailTransport {
  return {
    kind: 'log',
    send: (message) => {
      const links = [...new Set(message.text.match(LINK_PATTERN) ?? [])];
      logger.info({ mail: { to: message.to, subject: message.subject, links } }, 'mail (SMTP_URL unset, not sent)');
      // A plain line too: JSON-escaped links are awkward to copy from a terminal.
      process.stdout.write(
        `\n--- mail to ${message.to}: ${message.subject}\n${links.map((link) => `    ${link}`).join('\n')}\n---\n`,
      );
      return Promise.resolve();
    },
  };
}

/** Keeps messages in memory; used by the API tests. */
export function createMemoryTransport(): MailTransport & { sent: MailMessage[]; failNext: number } {
  const transport = {
    kind: 'memory' as const,
    sent: [] as MailMessage[],
    failNext: 0,
    send: (message: MailMessage) => {
      if (transport.failNext > 0) {
        transport.failNext -= 1;
        return Promise.reject(new Error('simulated SMTP failure'));
      }
      transport.sent.push(message);
      return Promise.resolve();
    },
  };
  return transport;
}
