import { escapeHtml } from './escape-html.ts';
import type { MailMessage } from './mail-transport.ts';

const PRODUCT = 'Sidepot';

export type MailAction = { label: string; url: string };

/** Notification mail's footer: why it came, and a link that stops this kind. */
export type MailFooter = { reason: string; unsubscribeUrl: string };

function layout(heading: string, paragraphs: string[], action?: MailAction, footer?: MailFooter): string {
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#059669;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="color:#6b7280;font-size:13px">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,-apple-system,sans-serif;color:#111827;max-width:520px;margin:0 auto;padding:24px">
<p style="font-size:20px;font-weight:700;color:#059669">${PRODUCT}</p>
<h1 style="font-size:20px">${escapeHtml(heading)}</h1>
${paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n')}
${button}
<p style="color:#6b7280;font-size:13px">— The ${PRODUCT} team</p>
${footer ? `<p style="color:#6b7280;font-size:12px">${escapeHtml(footer.reason)} <a href="${escapeHtml(footer.unsubscribeUrl)}" style="color:#6b7280">Unsubscribe</a></p>` : ''}
</body></html>`;
}

export function layoutMessage(
  to: string,
  subject: string,
  heading: string,
  paragraphs: string[],
  action?: MailAction,
  footer?: MailFooter,
): MailMessage {
  const text = [
    heading,
    '',
    ...paragraphs,
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    '',
    `— The ${PRODUCT} team`,
    ...(footer ? ['', footer.reason, `Unsubscribe: ${footer.unsubscribeUrl}`] : []),
  ].join('\n');
  return { to, subject, text, html: layout(heading, paragraphs, action, footer) };
}

/*
 * Account mail names nobody (ADR 050): it may go to an address no one has proven yet, so whoever typed
 * someone else's email at sign-up must not get their own words (a name holding a link) into that
 * person's inbox under our name.
 */

export function verificationMail(to: string, url: string): MailMessage {
  return layoutMessage(
    to,
    `Verify your ${PRODUCT} account`,
    `Welcome to ${PRODUCT}!`,
    [
      'Confirm your email address to activate your account and start betting with friends.',
      'The link is valid for 24 hours.',
    ],
    { label: 'Verify my email', url },
  );
}

export function resetPasswordMail(to: string, url: string): MailMessage {
  return layoutMessage(
    to,
    `Reset your ${PRODUCT} password`,
    'Hello,',
    [
      'Someone asked to reset the password of your account. If it was you, choose a new password below; the link is valid for one hour.',
      'If it was not you, ignore this email: your password stays the same.',
    ],
    { label: 'Choose a new password', url },
  );
}

export function existingAccountMail(to: string, loginUrl: string): MailMessage {
  return layoutMessage(
    to,
    `You already have a ${PRODUCT} account`,
    'Hello,',
    [
      'Someone tried to create a new account with this email address, but you already have one. Sign in instead, or use "Forgot your password?" on the sign-in page.',
      'If it was not you, you can ignore this email.',
    ],
    { label: 'Sign in', url: loginUrl },
  );
}
