const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const dollarsAndCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Whole dollars, as '$15' or '$1,200' (the spec's money format). */
export function formatDollars(amount: number): string {
  return dollars.format(amount);
}

/** Net winnings with sign and two decimals, as the spec's stats show them: '+$25.00', '-$1,200.00', '$0.00'. */
export function formatNet(net: number): string {
  const amount = dollarsAndCents.format(Math.abs(net));
  return net > 0 ? `+${amount}` : net < 0 ? `-${amount}` : amount;
}
