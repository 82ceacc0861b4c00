import { expect, test } from 'vitest';
import { balanceLine, netOf, settledInText, settleUpNote } from './balances.ts';

test('balance lines in whole dollars', () => {
  expect(balanceLine('Alex', -35)).toBe('You owe Alex $35');
  expect(balanceLine('Alex', 20)).toBe('Alex owes you $20');
  expect(balanceLine('Alex', 1200)).toBe('Alex owes you $1,200');
  expect(balanceLine('Alex', 0)).toBe('All settled up');
});

test('the settle-up note names the product and the bet count', () => {
  expect(settleUpNote(3)).toBe('Sidepot: 3 bets');
  expect(settleUpNote(1)).toBe('Sidepot: 1 bet');
});

test('settled text and the reference net', () => {
  expect(settledInText(35)).toBe('Settled in a $35 payment');
  expect(
    netOf([
      { amount: 50, direction: 'i_owe' },
      { amount: 15, direction: 'owed_to_me' },
    ]),
  ).toBe(-35);
});
