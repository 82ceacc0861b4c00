/*
 * 'Download History (CSV)' (ADR 029): one row per bet the user took part in and per pot they entered (ADR 060),
 * RFC 4180 quoting, and text cells that a spreadsheet would run as a formula are defused.
 */

/** Where the download comes from: a plain GET, so the browser saves it itself. */
export const HISTORY_CSV_PATH = '/api/history/bets.csv';

export const historyCsvColumns = ['date', 'opponent', 'description', 'amount', 'status', 'result', 'paid', 'confirmed', 'settled'] as const;
export type HistoryCsvColumn = (typeof historyCsvColumns)[number];

/** RFC 4180 line ending. */
export const CSV_EOL = '\r\n';

/**
 * One CSV field: quoted when it holds a comma, a quote, CR or LF (quotes doubled),
 * as RFC 4180 asks; left bare otherwise.
 */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Text a spreadsheet would read as a formula (=, +, -, @, or a leading tab or
 * CR, per OWASP's CSV-injection advice) gets a leading apostrophe, so it stays text.
 * Their full-width forms (＝ ＋ － ＠, U+FF1D U+FF0B U+FF0D U+FF20) count too: spreadsheets
 * with East Asian input settings read them as the ASCII ones (ADR 051).
 */
export function defuseFormula(value: string): string {
  return /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(value) ? `'${value}` : value;
}

export function csvRow(fields: readonly string[]): string {
  return fields.map(csvField).join(',') + CSV_EOL;
}

export const historyCsvHeader = csvRow(historyCsvColumns);

export type HistoryBet = {
  createdAt: Date;
  opponentName: string;
  description: string;
  amount: number;
  status: 'pending' | 'active' | 'completed';
  /** Null until completed. */
  winnerId: string | null;
  paymentSent: boolean;
  paymentConfirmed: boolean;
  completedAt: Date | null;
};

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/**
 * The row of one bet, seen by `userId`: dates in ISO 8601 UTC, the amount in
 * whole dollars without a currency sign (so it sums), result/paid/confirmed/settled
 * empty until the bet is resolved; `settled` is when it was resolved.
 */
export function historyRow(bet: HistoryBet, userId: string): string {
  const completed = bet.status === 'completed';
  return csvRow([
    bet.createdAt.toISOString(),
    defuseFormula(bet.opponentName),
    defuseFormula(bet.description),
    String(bet.amount),
    bet.status,
    completed ? (bet.winnerId === userId ? 'won' : 'lost') : '',
    completed ? yesNo(bet.paymentSent) : '',
    completed ? yesNo(bet.paymentConfirmed) : '',
    completed && bet.completedAt ? bet.completedAt.toISOString() : '',
  ]);
}

/** A pot the user entered, as the history lists it (ADR 060); `status` is the pot's state (`potState`). */
export type HistoryPot = {
  createdAt: Date;
  entrantCount: number;
  question: string;
  stake: number;
  status: 'open' | 'awaiting' | 'disputed' | 'decided' | 'cancelled';
  /** What the user got back; null until decided. */
  payout: number | null;
  /** The user's payments in the plan (to pay or to receive): all marked paid, all confirmed; null when none. */
  allPaid: boolean | null;
  allConfirmed: boolean | null;
  decidedAt: Date | null;
};

/**
 * The row of one pot entry, in the bets' columns: the opponent cell says it was a pot and how many entered,
 * the amount is the stake, and the result is 'won' (got back more than the stake), 'lost' (less) or
 * 'returned' (the stake came back); paid/confirmed are empty when the user has no payment in it.
 */
export function historyPotRow(pot: HistoryPot): string {
  const decided = pot.status === 'decided' && pot.payout !== null;
  const result = !decided || pot.payout === null ? '' : pot.payout > pot.stake ? 'won' : pot.payout < pot.stake ? 'lost' : 'returned';
  return csvRow([
    pot.createdAt.toISOString(),
    `Pot (${pot.entrantCount} ${pot.entrantCount === 1 ? 'entrant' : 'entrants'})`,
    defuseFormula(pot.question),
    String(pot.stake),
    pot.status,
    result,
    decided && pot.allPaid !== null ? yesNo(pot.allPaid) : '',
    decided && pot.allConfirmed !== null ? yesNo(pot.allConfirmed) : '',
    decided && pot.decidedAt ? pot.decidedAt.toISOString() : '',
  ]);
}
