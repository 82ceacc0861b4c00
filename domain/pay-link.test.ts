import fc from 'fast-check';
import { expect, test } from 'vitest';
import { settleUpNote } from './balance-rules.ts';
import {
  cashAppLink,
  isValidCashtag,
  isValidPaypalMe,
  lostBetNote,
  normalizeCashtag,
  normalizePaypalMe,
  payLinks,
  payPalLink,
  venmoLink,
} from './pay-link.ts';

const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const digits = '0123456789'.split('');
const cashtagArb = fc
  .tuple(
    fc.constantFrom(...letters),
    fc.array(fc.constantFrom(...letters, ...digits, '_'), { maxLength: 19 }),
  )
  .map(([first, rest]) => first + rest.join(''));
const paypalArb = fc
  .array(fc.constantFrom(...letters, ...digits), { minLength: 1, maxLength: 20 })
  .map((chars) => chars.join(''));
const venmoArb = fc
  .array(fc.constantFrom(...letters, ...digits, '_', '-'), { minLength: 1, maxLength: 30 })
  .map((chars) => chars.join(''));
const amountArb = fc.integer({ min: 1, max: 1_000_000 });

test('any valid cashtag and amount make the Cash App link for exactly that amount', () => {
  fc.assert(
    fc.property(cashtagArb, fc.boolean(), amountArb, (tag, withDollar, amount) => {
      const typed = withDollar ? `$${tag}` : tag;
      expect(isValidCashtag(typed)).toBe(true);
      const stored = normalizeCashtag(typed);
      expect(stored).toBe(tag);
      const href = cashAppLink(stored, amount);
      expect(href).toBe(`https://cash.app/$${tag}/${amount}`);
      expect((href ?? '').split('/')).toEqual(['https:', '', 'cash.app', `$${tag}`, String(amount)]);
    }),
  );
});

test('any valid PayPal.me username and amount make the PayPal link for exactly that amount in USD', () => {
  fc.assert(
    fc.property(paypalArb, amountArb, (name, amount) => {
      expect(isValidPaypalMe(name)).toBe(true);
      const href = payPalLink(normalizePaypalMe(` ${name} `), amount);
      expect(href).toBe(`https://paypal.me/${name}/${amount}USD`);
      expect((href ?? '').split('/')).toEqual(['https:', '', 'paypal.me', name, `${amount}USD`]);
    }),
  );
});

test('any Venmo handle, amount and note round-trip through the Venmo link', () => {
  fc.assert(
    fc.property(venmoArb, amountArb, fc.string({ maxLength: 300 }), (handle, amount, note) => {
      const [base, query] = (venmoLink(`@${handle}`, amount, note) ?? '').split('?');
      expect(base).toBe(`https://venmo.com/${handle}`);
      const params: Record<string, string> = {};
      for (const pair of (query ?? '').split('&')) {
        const [key = '', value = ''] = pair.split('=');
        params[decodeURIComponent(key)] = decodeURIComponent(value);
      }
      expect(params).toEqual({ txn: 'pay', amount: String(amount), note });
    }),
  );
});

test('every app the payee has gets one link, in Venmo, Cash App, PayPal order, each for the same amount', () => {
  fc.assert(
    fc.property(
      fc.option(venmoArb, { nil: '' }),
      fc.option(cashtagArb, { nil: null }),
      fc.option(paypalArb, { nil: null }),
      amountArb,
      (venmoHandle, cashtag, paypalMe, amount) => {
        const links = payLinks({ venmoHandle, cashtag, paypalMe }, { amount, note: 'n' });
        const expected = [
          ...(venmoHandle ? ['Pay with Venmo'] : []),
          ...(cashtag ? ['Pay with Cash App'] : []),
          ...(paypalMe ? ['Pay with PayPal'] : []),
        ];
        expect(links.map((link) => link.label)).toEqual(expected);
        for (const link of links) expect(link.href).toContain(String(amount));
      },
    ),
  );
});

test('the lost-bet Venmo note names the bet and the product, escaped in the link', () => {
  const [venmo] = payLinks(
    { venmoHandle: 'ada-l', cashtag: null, paypalMe: null },
    { amount: 15, note: lostBetNote('Lakers & Celtics?') },
  );
  expect(venmo?.href).toBe(
    'https://venmo.com/ada-l?txn=pay&amount=15&note=Lost%20our%20bet%3A%20Lakers%20%26%20Celtics%3F%20-%20Sidepot',
  );
  expect(venmoLink('@alex-k', 35, settleUpNote(3))).toBe(
    'https://venmo.com/alex-k?txn=pay&amount=35&note=Sidepot%3A%203%20bets',
  );
});

test('a payee with no app at all has no link (the caller shows No Venmo handle)', () => {
  expect(payLinks({ venmoHandle: '', cashtag: null, paypalMe: null }, { amount: 5, note: 'x' })).toEqual([]);
  expect(payLinks({ venmoHandle: ' @ ', cashtag: '', paypalMe: '  ' }, { amount: 5, note: 'x' })).toEqual([]);
  expect(venmoLink('@', 5, 'x')).toBeNull();
});

test('a payee with only Cash App gets only the Cash App button', () => {
  expect(payLinks({ venmoHandle: '', cashtag: 'Ana_1', paypalMe: null }, { amount: 20, note: 'x' })).toEqual([
    { app: 'cashApp', label: 'Pay with Cash App', href: 'https://cash.app/$Ana_1/20' },
  ]);
});

test.each([0, -5, 2.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])(
  'amount %d makes no link',
  (amount) => {
    expect(payLinks({ venmoHandle: 'ana', cashtag: 'ana', paypalMe: 'ana' }, { amount, note: 'x' })).toEqual(
      [],
    );
  },
);

test.each([
  ['$a', true],
  ['a', true],
  ['$A_9', true],
  [`$a${'b'.repeat(19)}`, true],
  ['', true],
  ['   ', true],
  [`$a${'b'.repeat(20)}`, false],
  ['$', false],
  ['$$ann', false],
  ['$1ann', false],
  ['$_ann', false],
  ['$an-n', false],
  ['$an n', false],
  ['$ann.', false],
  ['$änn', false],
  ['$ann/1', false],
])('cashtag %j valid: %s', (value, valid) => {
  expect(isValidCashtag(value)).toBe(valid);
});

test.each([
  ['ann', true],
  ['Ann2024', true],
  ['1', true],
  ['a'.repeat(20), true],
  ['', true],
  ['a'.repeat(21), false],
  ['ann_b', false],
  ['ann-b', false],
  ['ann.b', false],
  ['paypal.me/ann', false],
  ['@ann', false],
  ['ann b', false],
])('PayPal.me username %j valid: %s', (value, valid) => {
  expect(isValidPaypalMe(value)).toBe(valid);
});

test('blank handles are stored as none; a stored cashtag has no $', () => {
  expect(normalizeCashtag('  ')).toBeNull();
  expect(normalizeCashtag(null)).toBeNull();
  expect(normalizeCashtag(' $Ann ')).toBe('Ann');
  expect(normalizePaypalMe('')).toBeNull();
  expect(normalizePaypalMe(' ann ')).toBe('ann');
});

test('a handle that is not valid never reaches a link', () => {
  expect(cashAppLink('ann/../x', 5)).toBeNull();
  expect(cashAppLink('1ann', 5)).toBeNull();
  expect(payPalLink('ann?x=1', 5)).toBeNull();
});
