import { z } from 'zod';
import { USER_ID_PATTERN } from './account-rules.ts';
import { INVITE_CODE_PATTERN } from './invite-code.ts';
import { potStatuses } from './pot-rules.ts';
import { normalizeText } from './text.ts';
import { refineWith } from './users.ts';

// The zod-free rules and texts live in group-rules.ts (the profile and the group page load them without zod).
export * from './group-rules.ts';
import { checkCreateGroup, checkGroupName, groupMessages, leaderboardPeriods } from './group-rules.ts';

export const createGroupInputSchema = z
  .object({ name: z.string(), memberIds: z.array(z.string()).max(100) })
  .strict()
  .superRefine(refineWith(checkCreateGroup))
  .transform((value) => ({ name: normalizeText(value.name), memberIds: [...new Set(value.memberIds)] }));
export type CreateGroupInput = z.output<typeof createGroupInputSchema>;

export const renameGroupInputSchema = z
  .object({ name: z.string() })
  .strict()
  .superRefine(refineWith((value: { name: string }) => checkGroupName(value.name)))
  .transform((value) => ({ name: normalizeText(value.name) }));

/** Anything that cannot be a code reads as a dead link. */
export const groupCodeSchema = z.string().regex(INVITE_CODE_PATTERN, groupMessages.invalidLink);

export const groupSummarySchema = z.object({ id: z.string(), name: z.string(), memberCount: z.number().int() });
export type GroupSummary = z.infer<typeof groupSummarySchema>;

export const groupMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  image: z.string().nullable(),
  joinedAt: z.string(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

/** The group page's header: members longest-standing first (the owner hand-over order). */
export const groupViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  ownerId: z.string(),
  inviteUrl: z.string(),
  members: z.array(groupMemberSchema),
});
export type GroupView = z.infer<typeof groupViewSchema>;

/** What /groups/join/<code> shows a signed-in visitor. */
export const groupJoinPageSchema = z.object({
  id: z.string(),
  name: z.string(),
  memberCount: z.number().int(),
  isMember: z.boolean(),
});
export type GroupJoinPage = z.infer<typeof groupJoinPageSchema>;

/** The 'Pots' tab's lines, newest first. */
export const groupPotSchema = z.object({
  id: z.string(),
  question: z.string(),
  status: z.enum(potStatuses),
  stake: z.number().int(),
  entrantCount: z.number().int(),
  createdAt: z.string(),
});
export type GroupPot = z.infer<typeof groupPotSchema>;

export const groupPersonSchema = z.object({ id: z.string(), name: z.string(), image: z.string().nullable() });

export const leaderboardQuerySchema = z.object({ period: z.enum(leaderboardPeriods).default('all') });

/** A pot win: an entry whose pick won (it got back more than its stake). Ties share a rank. */
export const groupLeaderSchema = z.object({ user: groupPersonSchema, wins: z.number().int(), rank: z.number().int() });
export type GroupLeader = z.infer<typeof groupLeaderSchema>;

/** 'Balances': one line per pair, netted, from the group's decided pots' unconfirmed payments. */
export const groupDebtSchema = z.object({ from: groupPersonSchema, to: groupPersonSchema, amount: z.number().int() });
export type GroupDebt = z.infer<typeof groupDebtSchema>;

/** What a payee can be paid with (ADR 056): only the payer of a simplified payment gets it. */
const payeeAppsSchema = z.object({ venmoHandle: z.string(), cashtag: z.string().nullable(), paypalMe: z.string().nullable() });

/** A simplified payment on the Balances tab (ADR 064): its settlement once the payer marked it paid. */
export const simplifiedPaymentSchema = z.object({
  from: groupPersonSchema,
  to: groupPersonSchema,
  amount: z.number().int(),
  payTo: payeeAppsSchema.nullable(),
  settlement: z.object({ id: z.string(), confirmed: z.boolean() }).nullable(),
});
export type SimplifiedPaymentView = z.infer<typeof simplifiedPaymentSchema>;

/**
 * The 'Balances' tab (ADR 064): `version` is the fingerprint of the pot payments the plan covers (sent
 * back with 'Mark Paid'); `roundId` is set while a round of simplified payments is being paid.
 */
export const groupBalancesSchema = z.object({
  version: z.string(),
  roundId: z.string().nullable(),
  nets: z.array(z.object({ user: groupPersonSchema, net: z.number().int() })),
  debts: z.array(groupDebtSchema),
  payments: z.array(simplifiedPaymentSchema),
});
export type GroupBalances = z.infer<typeof groupBalancesSchema>;

/** 'Mark Paid' on a simplified payment: what the screen showed (the payee, the amount, the version). */
export const markSimplifiedInputSchema = z
  .object({
    payeeId: z.string().regex(USER_ID_PATTERN),
    amount: z.number().int().min(1).max(100_000_000),
    version: z.string().regex(/^[0-9a-f]{32}$/),
  })
  .strict();
export type MarkSimplifiedInput = z.infer<typeof markSimplifiedInputSchema>;
