/*
 * 'Download History (CSV)' (ADR 029): one row per bet the user took part in,
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
