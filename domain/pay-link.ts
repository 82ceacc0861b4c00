/*
 * The payment apps a payee can be paid through, what each app's handle may be, and the one link builder
 * for all of them (ADR 056). No zod here: the bet cards and the balances card build their links on first
 * paint without zod's weight; domain/profiles.ts wraps the handle rules in the edit-profile schema.
 */

/** The apps in the order their buttons show. */
export const PAY_APPS = ['venmo', 'cashApp', 'payPal'] as const;
export type PayApp = (typeof PAY_APPS)[number];

export const payAppLabels: Record<PayApp, string> = {
  venmo: 'Pay with Venmo',
  cashApp: 'Pay with Cash App',
  payPal: 'Pay with PayPal',
};

/** What a payee can be paid with, as stored: the Venmo handle without '@', the cashtag without '$'. */
export type PayeeApps = { venmoHandle: string; cashtag: string | null; paypalMe: string | null };

/** A cashtag as typed: '$' (optional here, the label shows it) then 1–20 letters, digits or underscores, a letter first. */
export const CASHTAG_PATTERN = /^\$?[A-Za-z][A-Za-z0-9_]{0,19}$/;
/** A PayPal.me username: 1–20 letters or digits. */
export const PAYPAL_ME_PATTERN = /^[A-Za-z0-9]{1,20}$/;

export const payAppMessages = {
  invalidCashtag: {
    title: 'Invalid Cash App $cashtag',
    message: 'A $cashtag is $ and up to 20 letters, numbers or underscores, starting with a letter.',
  },
  invalidPaypalMe: {
    title: 'Invalid PayPal.me username',
    message: 'A PayPal.me username is up to 20 letters or numbers.',
  },
} as const;

/** An optional handle field: blank means none. */
function optionalHandle(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

export function isValidCashtag(value: string | null | undefined): boolean {
  const handle = optionalHandle(value);
  return handle === null || CASHTAG_PATTERN.test(handle);
}

export function isValidPaypalMe(value: string | null | undefined): boolean {
  const handle = optionalHandle(value);
  return handle === null || PAYPAL_ME_PATTERN.test(handle);
}

/** The stored cashtag: without '$', or null when blank. Only for input that passed {@link isValidCashtag}. */
export function normalizeCashtag(value: string | null | undefined): string | null {
  return optionalHandle(value)?.replace(/^\$/, '') ?? null;
}

/** The stored PayPal.me username, or null when blank. */
export function normalizePaypalMe(value: string | null | undefined): string | null {
  return optionalHandle(value);
}

/** Only a positive whole number of dollars is ever paid (bet amounts and nets are whole dollars). */
function isPayable(amount: number): boolean {
  return Number.isSafeInteger(amount) && amount > 0;
}

/** Venmo's pay link for the handle (any leading '@' removed), the amount and a note; null without a handle. */
export function venmoLink(handle: string, amount: number, note: string): string | null {
  const bare = handle.trim().replace(/^@/, '');
  if (bare === '' || !isPayable(amount)) return null;
  return `https://venmo.com/${encodeURIComponent(bare)}?txn=pay&amount=${amount}&note=${encodeURIComponent(note)}`;
}

/** Cash App's pay link, `https://cash.app/$<cashtag>/<amount>`; null for no (or no valid) cashtag. */
export function cashAppLink(cashtag: string | null, amount: number): string | null {
  const handle = optionalHandle(cashtag);
  // Re-checked: the handle goes into the path unescaped, so nothing but the rule's characters may reach it.
  if (handle === null || !CASHTAG_PATTERN.test(handle) || !isPayable(amount)) return null;
  return `https://cash.app/$${handle.replace(/^\$/, '')}/${amount}`;
}

/** PayPal.me's link, `https://paypal.me/<username>/<amount>USD`; null for no (or no valid) username. */
export function payPalLink(username: string | null, amount: number): string | null {
  const handle = optionalHandle(username);
  if (handle === null || !PAYPAL_ME_PATTERN.test(handle) || !isPayable(amount)) return null;
  return `https://paypal.me/${handle}/${amount}USD`;
}

export type PayLink = { app: PayApp; label: string; href: string };

/**
 * One link per app the payee has, in {@link PAY_APPS} order, each for exactly `amount` dollars. Empty when
 * the payee has none: the caller then shows 'No Venmo handle'. Only Venmo's link carries the note.
 */
export function payLinks(payee: PayeeApps, payment: { amount: number; note: string }): PayLink[] {
  const hrefs: Record<PayApp, string | null> = {
    venmo: venmoLink(payee.venmoHandle, payment.amount, payment.note),
    cashApp: cashAppLink(payee.cashtag, payment.amount),
    payPal: payPalLink(payee.paypalMe, payment.amount),
  };
  return PAY_APPS.flatMap((app) => {
    const href = hrefs[app];
    return href === null ? [] : [{ app, label: payAppLabels[app], href }];
  });
}

/** The Venmo note of a lost bet: the bet, then the product's name (spec: Outbound link to a payment service). */
export function lostBetNote(description: string): string {
  return `Lost our bet: ${description} - Sidepot`;
}
