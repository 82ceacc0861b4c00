/*
 * Formatted by hand, not with Intl.NumberFormat: a page's first Intl object costs 20–90 ms of main thread
 * (ICU set-up, measured in Chromium), four times that on Lighthouse's mobile CPU, and this module is on
 * every signed-in screen's first load. The spec's formats are fixed US dollars, so the output
 * is the same as Intl's 'en-US' currency format (money.test.ts checks it against Intl).
 */

function withThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/** Whole dollars, as '$15' or '$1,200' (the spec's money format). */
export function formatDollars(amount: number): string {
  // Half away from zero, as Intl rounds.
  const whole = Math.round(Math.abs(amount));
  return `${amount < 0 && whole > 0 ? '-' : ''}$${withThousands(String(whole))}`;
}

/** Net winnings with sign and two decimals, as the spec's stats show them: '+$25.00', '-$1,200.00', '$0.00'. */
export function formatNet(net: number): string {
  const [whole = '0', cents = '00'] = Math.abs(net).toFixed(2).split('.');
  const amount = `$${withThousands(whole)}.${cents}`;
  return net > 0 ? `+${amount}` : net < 0 ? `-${amount}` : amount;
}
