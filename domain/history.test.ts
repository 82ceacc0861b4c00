import { describe, expect, test } from 'vitest';
import { csvField, defuseFormula, historyCsvHeader, historyPotRow, historyRow, type HistoryBet } from './history.ts';

test('the header row is exactly the issue’s, with a CRLF', () => {
  expect(historyCsvHeader).toBe('date,opponent,description,amount,status,result,paid,confirmed,settled\r\n');
});

test('RFC 4180: fields with commas, quotes, CR or LF are quoted and quotes doubled; others stay bare', () => {
  expect(csvField('plain text')).toBe('plain text');
  expect(csvField('a,b')).toBe('"a,b"');
  expect(csvField('say "hi"')).toBe('"say ""hi"""');
  expect(csvField('two\nlines')).toBe('"two\nlines"');
  expect(csvField('cr\rhere')).toBe('"cr\rhere"');
  expect(csvField('')).toBe('');
});

test('formula injection: text starting with = + - @ tab or CR, or full-width ＝ ＋ － ＠, gets an apostrophe', () => {
  for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '\uFF1D1+1', '\uFF0B1', '\uFF0D1', '\uFF20SUM(A1)']) {
    expect(defuseFormula(text)).toBe(`'${text}`);
  }
  for (const text of ['1+1', 'a=b', "'quoted", '', 'a\uFF1Db', '\uFF1E1']) expect(defuseFormula(text)).toBe(text);
});

const base: HistoryBet = {
  createdAt: new Date('2026-11-01T12:00:00Z'),
  opponentName: 'Alex',
  description: 'Chiefs win',
  amount: 20,
  status: 'completed',
  winnerId: 'me',
  paymentSent: true,
  paymentConfirmed: false,
  completedAt: new Date('2026-11-02T08:30:00Z'),
};

test('a resolved bet: result from the viewer’s side, yes/no flags, settled is when it was resolved', () => {
  expect(historyRow(base, 'me')).toBe('2026-11-01T12:00:00.000Z,Alex,Chiefs win,20,completed,won,yes,no,2026-11-02T08:30:00.000Z\r\n');
  expect(historyRow(base, 'alex')).toContain(',lost,');
});

test('an open bet leaves result, paid, confirmed and settled empty', () => {
  const open = { ...base, status: 'active' as const, winnerId: null, paymentSent: false, completedAt: null };
  expect(historyRow(open, 'me')).toBe('2026-11-01T12:00:00.000Z,Alex,Chiefs win,20,active,,,,\r\n');
});

describe('a pot entry in the history (ADR 060)', () => {
  const pot = {
    createdAt: new Date('2026-11-20T10:00:00.000Z'),
    entrantCount: 4,
    question: '=Who wins?',
    stake: 10,
    status: 'decided' as const,
    payout: 20,
    allPaid: true,
    allConfirmed: false,
    decidedAt: new Date('2026-11-21T10:00:00.000Z'),
  };
  test('won, lost or returned by the payout against the stake; paid and confirmed over the own payments', () => {
    expect(historyPotRow(pot)).toBe(
      "2026-11-20T10:00:00.000Z,Pot (4 entrants),'=Who wins?,10,decided,won,yes,no,2026-11-21T10:00:00.000Z\r\n",
    );
    expect(historyPotRow({ ...pot, payout: 0 })).toContain(',decided,lost,');
    expect(historyPotRow({ ...pot, payout: 10, allPaid: null, allConfirmed: null })).toContain(',decided,returned,,,2026');
  });
  test('before a result: the state only', () => {
    expect(historyPotRow({ ...pot, status: 'awaiting', payout: null, decidedAt: null })).toBe(
      "2026-11-20T10:00:00.000Z,Pot (4 entrants),'=Who wins?,10,awaiting,,,,\r\n",
    );
  });
});
