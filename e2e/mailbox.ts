import { expect } from '@playwright/test';
import type { CapturedMail } from './smtp-capture.ts';

const MAIL_TIMEOUT_MS = 10_000;

export type Mail = Pick<CapturedMail, 'subject' | 'text' | 'html' | 'links'>;

export type Mailbox = {
  /** The newest message to `to` whose subject contains `subjectContains`; waits up to 10 s. */
  waitForMail(to: string, subjectContains: string): Promise<Mail>;
  /** Every message to `to` so far, oldest first. */
  messagesTo(to: string): Promise<CapturedMail[]>;
};

/** The SMTP capture's messages, read over its HTTP side. */
export function createMailbox(mailUrl: string): Mailbox {
  const messagesTo = async (to: string): Promise<CapturedMail[]> => {
    const response = await fetch(`${mailUrl}/messages?to=${encodeURIComponent(to.toLowerCase())}`);
    if (!response.ok) throw new Error(`mail capture answered ${response.status}`);
    return (await response.json()) as CapturedMail[];
  };
  return {
    messagesTo,
    waitForMail: async (to, subjectContains) => {
      let found: CapturedMail | undefined;
      let seen: string[] = [];
      await expect
        .poll(
          async () => {
            const messages = await messagesTo(to);
            seen = messages.map((message) => message.subject);
            found = messages.filter((message) => message.subject.includes(subjectContains)).at(-1);
            return found !== undefined;
          },
          {
            timeout: MAIL_TIMEOUT_MS,
            intervals: [100, 250, 500],
            message: `mail to ${to} with subject containing "${subjectContains}"`,
          },
        )
        .toBe(true)
        .catch((error: unknown) => {
          throw new Error(
            `No mail to ${to} with a subject containing "${subjectContains}" within ${MAIL_TIMEOUT_MS / 1000} s; received: ${JSON.stringify(seen)}`,
            { cause: error },
          );
        });
      if (!found) throw new Error('unreachable: poll passed without a message');
      return { subject: found.subject, text: found.text, html: found.html, links: found.links };
    },
  };
}

/** The one link in `mail` whose path contains `pathPart`. */
export function linkIn(mail: Mail, pathPart: string): string {
  const link = mail.links.find((candidate) => new URL(candidate).pathname.includes(pathPart));
  if (!link)
    throw new Error(`no link containing "${pathPart}" in mail "${mail.subject}": ${mail.links.join(', ')}`);
  return link;
}
