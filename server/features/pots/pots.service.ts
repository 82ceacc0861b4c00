import { and, asc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  isStrictMajority,
  paymentPlan,
  POT_DISPUTE_WINDOW_HOURS,
  potMessages,
  potViewSchema,
  splitPot,
  toHundredths,
  type CreatePotInput,
  type DeclarePotInput,
  type PotPickInput,
  type PotView,
} from '#domain/pots.ts';
import type { ChangeEvent } from '#domain/realtime.ts';
import type { Db } from '#server/db/client.ts';
import { queryOne, queryRows } from '#server/db/query.ts';
import {
  potDisputeVotes,
  potEntries,
  potInvites,
  potOptions,
  potPayments,
  pots,
  potVotes,
} from '#server/db/schema/pots.ts';
import { AppError } from '#server/lib/errors.ts';
import { assertMayBet } from '../limits/limits.service.ts';
import { assertGroupMembers, isGroupMember } from '../groups/groups.service.ts';
import { writeNotifications, type NewNotification } from '#server/lib/notify.ts';
import type { NotificationType } from '#domain/notifications.ts';

/** What a pot change causes after commit: realtime hints to everyone involved. */
export type PotEffects = {
  publish(userIds: string[], event: ChangeEvent): Promise<void>;
};

type PotRow = typeof pots.$inferSelect;
type PotPaymentRow = typeof potPayments.$inferSelect;

const POT_NOT_FOUND = 'Pot not found.';
const notFound = () => new AppError('NOT_FOUND', POT_NOT_FOUND);
const conflict = (message: string) => new AppError('CONFLICT', message);
const forbidden = (message: string) => new AppError('FORBIDDEN', message);

/** A group pot's members (alias `p`): they see it and may join it, invited or not (ADR 063). */
const inPotGroup = (viewerId: string): SQL =>
  sql`(p.group_id is not null and ${isGroupMember(viewerId, sql.raw('p.group_id'))})`;

/**
 * Who may see a pot (alias `p`): its creator, its referee, everyone invited, every entrant, and for a
 * group pot every member of the group.
 */
export function canSeePot(viewerId: string): SQL {
  return sql`(p.creator_id = ${viewerId} or coalesce(p.referee_id = ${viewerId}, false)
    or exists (select 1 from pot_invite i where i.pot_id = p.id and i.user_id = ${viewerId})
    or exists (select 1 from pot_entry e where e.pot_id = p.id and e.user_id = ${viewerId})
    or ${inPotGroup(viewerId)})`;
}

const personJson = (alias: string) =>
  sql.raw(
    `json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'username', coalesce(${alias}.display_username, ${alias}.username), 'image', ${alias}.image, 'venmoHandle', ${alias}.venmo_handle)`,
  );

/** Entries are open: not closed by the creator, and the closing time (if any) not passed. */
const entriesOpen = sql`p.status = 'open' and (p.closes_at is null or p.closes_at > now())`;

const timestamp = z.union([z.string(), z.date()]).transform((value) => new Date(value).toISOString());
const numeric = z.union([z.number(), z.string()]).transform(Number);
const potPageRow = z.object({
  id: z.string(),
  question: z.string(),
  kind: potViewSchema.shape.kind,
  line: numeric.nullable(),
  stake: z.number(),
  closes_at: timestamp.nullable(),
  resolve_by: z.string().nullable(),
  decider: potViewSchema.shape.decider,
  referee_accepted: z.boolean(),
  viewer_declined: z.boolean(),
  status: potViewSchema.shape.status,
  outcome: potViewSchema.shape.outcome,
  result_option_id: z.string().nullable(),
  result_number: numeric.nullable(),
  created_at: timestamp,
  decided_at: timestamp.nullable(),
  now: timestamp,
  disputed_at: timestamp.nullable(),
  disputed_by: z.string().nullable(),
  dispute_reason: z.string().nullable(),
  dispute_votes: potViewSchema.shape.disputeVotes,
  creator: potViewSchema.shape.creator,
  referee: potViewSchema.shape.referee,
  options: potViewSchema.shape.options,
  invitees: potViewSchema.shape.invitees,
  entrants: potViewSchema.shape.entrants,
  votes: potViewSchema.shape.votes,
  payments: potViewSchema.shape.payments,
});

/**
 * The pot page in one statement: the pot, its outcomes, invitees, entrants in join order and payments.
 * Anyone who may not see it gets the same 404 as an unknown id. A Closest Guess entrant's guess is shown
 * to others only once entries close.
 */
export async function getPot(db: Db, viewerId: string, potId: string): Promise<PotView> {
  const row = await queryOne(
    db,
    sql`
      select p.id, p.question, p.kind, p.line, p.stake, p.closes_at, to_char(p.resolve_by, 'YYYY-MM-DD') as resolve_by,
        p.decider, p.referee_accepted_at is not null as referee_accepted,
        exists (select 1 from pot_invite di where di.pot_id = p.id and di.user_id = ${viewerId} and di.declined_at is not null) as viewer_declined,
        p.status, p.outcome, p.result_option_id,
        p.result_number, p.created_at, p.decided_at, now() as now,
        p.disputed_at, p.disputed_by, p.dispute_reason,
        coalesce((select json_agg(json_build_object('userId', dv.user_id, 'overturn', dv.overturn) order by dv.voted_at)
          from pot_dispute_vote dv where dv.pot_id = p.id), '[]'::json) as dispute_votes,
        ${personJson('c')} as creator,
        case when r.id is null then null else ${personJson('r')} end as referee,
        coalesce((select json_agg(json_build_object('id', o.id, 'label', o.label, 'position', o.position) order by o.position)
          from pot_option o where o.pot_id = p.id), '[]'::json) as options,
        coalesce((select json_agg(${personJson('iu')} order by iu.name, iu.id)
          from pot_invite i join "user" iu on iu.id = i.user_id where i.pot_id = p.id), '[]'::json) as invitees,
        coalesce((select json_agg(json_build_object('user', ${personJson('eu')}, 'optionId', e.option_id,
            'guess', case when e.user_id = ${viewerId} or not (${entriesOpen}) then e.guess end, 'payout', e.payout) order by e.seq)
          from pot_entry e join "user" eu on eu.id = e.user_id where e.pot_id = p.id), '[]'::json) as entrants,
        coalesce((select json_agg(json_build_object('userId', v.user_id, 'optionId', v.option_id) order by v.voted_at)
          from pot_vote v where v.pot_id = p.id), '[]'::json) as votes,
        coalesce((select json_agg(json_build_object('id', pp.id, 'payer', ${personJson('pa')}, 'payee', ${personJson('pb')},
            'amount', pp.amount, 'sent', pp.sent_at is not null, 'confirmed', pp.confirmed_at is not null,
            'settled', pp.settlement_id is not null or pp.group_round_id is not null,
            'payTo', case when pp.payer_id = ${viewerId}
              then json_build_object('venmoHandle', pb.venmo_handle, 'cashtag', pb.cashtag, 'paypalMe', pb.paypal_me) end)
            order by pp.position)
          from pot_payment pp join "user" pa on pa.id = pp.payer_id join "user" pb on pb.id = pp.payee_id
          where pp.pot_id = p.id), '[]'::json) as payments
      from pot p
      join "user" c on c.id = p.creator_id
      left join "user" r on r.id = p.referee_id
      where p.id = ${potId} and ${canSeePot(viewerId)}`,
    potPageRow,
  );
  if (!row) throw notFound();
  return {
    id: row.id,
    question: row.question,
    kind: row.kind,
    line: row.line,
    stake: row.stake,
    closesAt: row.closes_at,
    resolveBy: row.resolve_by,
    decider: row.decider,
    creator: row.creator,
    referee: row.referee,
    refereeAccepted: row.referee_accepted,
    viewerDeclined: row.viewer_declined,
    status: row.status,
    outcome: row.outcome,
    resultOptionId: row.result_option_id,
    resultNumber: row.result_number,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
    now: row.now,
    disputedAt: row.disputed_at,
    disputedBy: row.disputed_by,
    disputeReason: row.dispute_reason,
    disputeVotes: row.dispute_votes,
    options: row.options,
    invitees: row.invitees,
    entrants: row.entrants,
    votes: row.votes,
    payments: row.payments,
  };
}

/** Everyone a pot concerns: creator, referee, invitees and entrants. */
export async function peopleOf(db: Db, potId: string): Promise<string[]> {
  const rows = await queryRows(
    db,
    sql`select p.creator_id as id from pot p where p.id = ${potId}
      union select p.referee_id from pot p where p.id = ${potId} and p.referee_id is not null
      union select user_id from pot_invite where pot_id = ${potId}
      union select user_id from pot_entry where pot_id = ${potId}
      union select m.user_id from pot p join group_member m on m.group_id = p.group_id where p.id = ${potId}`,
    z.object({ id: z.string() }),
  );
  return rows.map((row) => row.id);
}

/** A settle-up marked or confirmed payments of this pot: its open pages show them (balances.service). */
export async function announcePotPayments(db: Db, effects: PotEffects, potId: string): Promise<void> {
  await announce(db, effects, potId);
}

async function announce(db: Db, effects: PotEffects, potId: string, notified: string[] = []) {
  await effects.publish(await peopleOf(db, potId), { kind: 'pots' });
  if (notified.length > 0) await effects.publish(notified, { kind: 'notifications' });
}

/**
 * One change to a pot: `change` runs in one transaction and returns who it notified; then everyone in the
 * pot hears of it live, and the viewer gets the pot's page as it now is.
 */
async function changePot(
  db: Db,
  effects: PotEffects,
  userId: string,
  potId: string,
  change: (tx: Db) => Promise<string[]>,
): Promise<PotView> {
  const notified = await db.transaction(change);
  await announce(db, effects, potId, notified);
  return getPot(db, userId, potId);
}

function lines(
  type: NotificationType,
  actorId: string,
  pot: PotRow,
  userIds: Iterable<string>,
  amount = pot.stake,
): NewNotification[] {
  return [...new Set(userIds)].map((userId) => ({
    userId,
    type,
    actorId,
    betId: null,
    data: { description: pot.question, amount, potId: pot.id },
  }));
}

/** The pot row locked for this transaction, or 404 when the caller may not see it. */
async function lockVisiblePot(
  tx: Db,
  userId: string,
  potId: string,
  mode: 'update' | 'share',
): Promise<PotRow> {
  const [pot] = await tx.select().from(pots).where(eq(pots.id, potId)).for(mode);
  if (!pot) throw notFound();
  const seen = await queryOne(
    tx,
    sql`select ${canSeePot(userId)} as ok from pot p where p.id = ${potId}`,
    z.object({ ok: z.boolean() }),
  );
  if (!seen?.ok) throw notFound();
  return pot;
}

function isOpen(pot: PotRow, now: Date): boolean {
  return pot.status === 'open' && (pot.closesAt === null || pot.closesAt > now);
}

async function dbNow(tx: Db): Promise<Date> {
  const row = await queryOne(tx, sql`select now() as now`, z.object({ now: timestamp }));
  return new Date(row?.now ?? Date.now());
}

/** The option or guess of a pick, checked against the pot's kind and outcomes. */
async function pickValues(
  tx: Db,
  pot: PotRow,
  pick: PotPickInput,
): Promise<{ optionId: string | null; guess: number | null }> {
  if (pot.kind === 'closest') {
    if (!('guess' in pick)) throw new AppError('VALIDATION_FAILED', potMessages.enterGuess.message);
    return { optionId: null, guess: pick.guess };
  }
  if (!('optionId' in pick)) throw new AppError('VALIDATION_FAILED', potMessages.pickOutcome.message);
  const [option] = await tx
    .select({ id: potOptions.id })
    .from(potOptions)
    .where(and(eq(potOptions.id, pick.optionId), eq(potOptions.potId, pot.id)));
  if (!option) throw new AppError('VALIDATION_FAILED', 'Choose one of this pot’s outcomes.');
  return { optionId: option.id, guess: null };
}

// ------------------------------------------------------------------ create

export async function createPot(
  db: Db,
  effects: PotEffects,
  userId: string,
  input: CreatePotInput,
): Promise<PotView> {
  const created = await db.transaction(async (tx) => {
    if (input.inviteeIds.includes(userId) || input.refereeId === userId) {
      throw forbidden('You can only invite your friends to a pot.');
    }
    // The creator's break and weekly loss limit apply to their stake, as to a bet; first, as every bet-making
    // transaction takes the limit lock first.
    if (input.entry !== null) await assertMayBet(tx, userId, input.stake);
    // A group pot invites members of the group, friends or not; its referee is still a friend.
    const group = input.groupId === null ? null : await assertGroupMembers(tx, userId, input.groupId, input.inviteeIds);
    const invitedFriends = input.groupId === null ? input.inviteeIds : [];
    const others = input.refereeId === null ? invitedFriends : [...invitedFriends, input.refereeId];
    // Every friendship pair locked (in one order) until commit, so an unfriending cannot slip in before the insert.
    const keys = others
      .map((id) => (userId < id ? `friend-pair:${userId}:${id}` : `friend-pair:${id}:${userId}`))
      .sort();
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from unnest(${sql`array[${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )}]::text[]`}) as k order by k`,
    );
    const friends =
      others.length === 0
        ? { n: 0 }
        : await queryOne(
            tx,
            sql`select count(*)::int as n from friendship where user_id = ${userId} and friend_id in (${sql.join(
              others.map((id) => sql`${id}`),
              sql`, `,
            )})`,
            z.object({ n: z.number() }),
          );
    // Not-a-friend and no-such-user answer alike, so ids cannot be probed.
    if (friends?.n !== new Set(others).size) throw forbidden('You can only invite your friends to a pot.');
    const [pot] = await tx
      .insert(pots)
      .values({
        creatorId: userId,
        question: input.question,
        kind: input.kind,
        line: input.line,
        stake: input.stake,
        closesAt: input.closesAt,
        resolveBy: input.resolveBy,
        decider: input.decider,
        refereeId: input.refereeId,
        groupId: input.groupId,
      })
      .returning();
    if (!pot) throw new AppError('INTERNAL');
    const options =
      input.options.length === 0
        ? []
        : await tx
            .insert(potOptions)
            .values(input.options.map((label, position) => ({ potId: pot.id, label, position })))
            .returning({ id: potOptions.id, position: potOptions.position });
    await tx.insert(potInvites).values(input.inviteeIds.map((id) => ({ potId: pot.id, userId: id })));
    if (input.entry !== null) {
      const entry = input.entry;
      const optionId =
        'optionIndex' in entry
          ? (options.find((option) => option.position === entry.optionIndex)?.id ?? null)
          : null;
      const guess = 'guess' in entry ? entry.guess : null;
      await tx.insert(potEntries).values({ potId: pot.id, userId, optionId, guess });
    }
    // A group pot tells every member but its starter (and its referee, asked on their own line), invited or
    // not, with one 'Groups' line in place of the invitation (ADR 065).
    const starts =
      group === null
        ? lines('pot_invited', userId, pot, input.inviteeIds)
        : lines('group_pot_started', userId, pot, group.memberIds.filter((id) => id !== input.refereeId)).map(
            (line) => ({ ...line, data: { ...line.data, groupId: group.id, groupName: group.name } }),
          );
    const notified = await writeNotifications(tx, [
      ...starts,
      ...(input.refereeId ? lines('pot_referee_asked', userId, pot, [input.refereeId]) : []),
    ]);
    return { id: pot.id, notified };
  });
  await announce(db, effects, created.id, created.notified);
  return getPot(db, userId, created.id);
}

// ------------------------------------------------------------------ entries

/**
 * Joins in one conditional INSERT … SELECT: the pot row is read FOR SHARE, so a join and a close
 * serialize on it — a join that waited for a close re-reads the pot and finds it closed. Every entry is
 * therefore counted before the close or refused after it. The key (pot, user) makes it one entry per person.
 */
export async function joinPot(
  db: Db,
  effects: PotEffects,
  userId: string,
  potId: string,
  pick: PotPickInput,
): Promise<PotView> {
  return changePot(db, effects, userId, potId, async (tx) => {
    const [found] = await tx.select().from(pots).where(eq(pots.id, potId));
    if (!found) throw notFound();
    // The limit lock first, as in every bet-making transaction.
    await assertMayBet(tx, userId, found.stake);
    const values = await pickValues(tx, found, pick);
    const inserted = await queryRows(
      tx,
      sql`insert into pot_entry (pot_id, user_id, option_id, guess)
        select p.id, ${userId}, ${values.optionId}::uuid, ${values.guess}::double precision
        from pot p
        where p.id = ${potId} and ${entriesOpen}
          and (p.referee_id is null or p.referee_id <> ${userId})
          and (p.creator_id = ${userId} or exists (select 1 from pot_invite i where i.pot_id = p.id and i.user_id = ${userId})
            or ${inPotGroup(userId)})
        for share of p
        on conflict (pot_id, user_id) do nothing
        returning pot_id`,
      z.object({ pot_id: z.string() }),
    );
    // The creator hears of each join (their own entry aside).
    if (inserted.length > 0)
      return found.creatorId === userId
        ? []
        : writeNotifications(tx, lines('pot_joined', userId, found, [found.creatorId]));
    const pot = await lockVisiblePot(tx, userId, potId, 'share');
    if (pot.refereeId === userId) throw forbidden('The referee decides this pot and cannot enter it.');
    const [entry] = await tx
      .select()
      .from(potEntries)
      .where(and(eq(potEntries.potId, potId), eq(potEntries.userId, userId)));
    if (entry) throw conflict('You already joined this pot.');
    if (!isOpen(pot, await dbNow(tx))) throw conflict(potMessages.entriesClosed);
    throw forbidden('Only invited friends can join this pot.');
  });
}

export async function changePick(
  db: Db,
  effects: PotEffects,
  userId: string,
  potId: string,
  pick: PotPickInput,
): Promise<PotView> {
  await db.transaction(async (tx) => {
    const pot = await lockVisiblePot(tx, userId, potId, 'share');
    if (!isOpen(pot, await dbNow(tx))) throw conflict(potMessages.entriesClosed);
    const values = await pickValues(tx, pot, pick);
    const [row] = await tx
      .update(potEntries)
      .set(values)
      .where(and(eq(potEntries.potId, potId), eq(potEntries.userId, userId)))
      .returning({ potId: potEntries.potId });
    if (!row) throw conflict('You have not joined this pot.');
  });
  await announce(db, effects, potId);
  return getPot(db, userId, potId);
}

export async function leavePot(db: Db, effects: PotEffects, userId: string, potId: string): Promise<PotView> {
  await db.transaction(async (tx) => {
    const pot = await lockVisiblePot(tx, userId, potId, 'share');
    if (!isOpen(pot, await dbNow(tx))) throw conflict(potMessages.entriesClosed);
    const [row] = await tx
      .delete(potEntries)
      .where(and(eq(potEntries.potId, potId), eq(potEntries.userId, userId)))
      .returning({ potId: potEntries.potId });
    if (!row) throw conflict('You have not joined this pot.');
    // Leaving answers the invitation: it no longer waits on them.
    await tx
      .update(potInvites)
      .set({ declinedAt: sql`now()` })
      .where(and(eq(potInvites.potId, potId), eq(potInvites.userId, userId), isNull(potInvites.declinedAt)));
  });
  await announce(db, effects, potId);
  return getPot(db, userId, potId);
}

/**
 * An invitee says they are not entering: one conditional UPDATE (invited, not entered, not yet declined),
 * so the invitation leaves 'Waiting on You'. They may still join while entries are open.
 */
export async function declineInvitation(
  db: Db,
  effects: PotEffects,
  userId: string,
  potId: string,
): Promise<PotView> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(potInvites)
      .set({ declinedAt: sql`now()` })
      .where(
        and(
          eq(potInvites.potId, potId),
          eq(potInvites.userId, userId),
          isNull(potInvites.declinedAt),
          sql`not exists (select 1 from pot_entry e where e.pot_id = ${potId} and e.user_id = ${userId})`,
        ),
      )
      .returning({ potId: potInvites.potId });
    if (row) return;
    await lockVisiblePot(tx, userId, potId, 'share');
    const [invite] = await tx
      .select()
      .from(potInvites)
      .where(and(eq(potInvites.potId, potId), eq(potInvites.userId, userId)));
    if (!invite) throw forbidden('Only invited friends can decline this pot.');
    if (invite.declinedAt !== null) throw conflict('You already said you are not entering.');
    throw conflict('You joined this pot: leave it instead.');
  });
  await announce(db, effects, potId);
  return getPot(db, userId, potId);
}

/**
 * The creator closes entries early. A pot with fewer than two entrants then ends at once: every stake
 * returned ('Not enough entrants — stakes returned').
 */
export async function closeEntries(
  db: Db,
  effects: PotEffects,
  userId: string,
  potId: string,
): Promise<PotView> {
  return changePot(db, effects, userId, potId, async (tx) => {
    const pot = await lockVisiblePot(tx, userId, potId, 'update');
    if (pot.creatorId !== userId) throw forbidden('Only the creator can close entries.');
    if (!isOpen(pot, await dbNow(tx))) throw conflict(potMessages.entriesClosed);
    const entries = await tx
      .select({ userId: potEntries.userId })
      .from(potEntries)
      .where(eq(potEntries.potId, potId));
    if (entries.length >= 2) {
      // Entries closed: the pot awaits its result (ADR 054).
      await tx
        .update(pots)
        .set({ status: 'awaiting', closedAt: sql`now()` })
        .where(eq(pots.id, potId));
      return writeNotifications(
        tx,
        lines(
          'pot_closed',
          userId,
          pot,
          entries.map((entry) => entry.userId).filter((id) => id !== userId),
        ),
      );
    }
    return settle(tx, userId, pot, { outcome: 'not_enough' });
  });
}

export async function cancelPot(
  db: Db,
  effects: PotEffects,
  userId: string,
  potId: string,
): Promise<PotView> {
  return changePot(db, effects, userId, potId, async (tx) => {
    const pot = await lockVisiblePot(tx, userId, potId, 'update');
    if (pot.creatorId !== userId) throw forbidden('Only the creator can cancel this pot.');
    if (pot.status === 'cancelled') throw conflict('This pot was already cancelled.');
    if (pot.status === 'decided' || pot.status === 'disputed')
      throw conflict('A pot with a result can no longer be cancelled.');
    await tx
      .update(pots)
      .set({ status: 'cancelled', cancelledAt: sql`now()` })
      .where(eq(pots.id, potId));
    return writeNotifications(tx, lines('pot_cancelled', userId, pot, await peopleOf(tx, potId)));
  });
}

export async function acceptReferee(
  db: Db,
  effects: PotEffects,
  userId: string,
  potId: string,
): Promise<PotView> {
  await db.transaction(async (tx) => {
    const pot = await lockVisiblePot(tx, userId, potId, 'update');
    if (pot.refereeId !== userId) throw forbidden('Only the referee can accept this role.');
    if (pot.refereeAcceptedAt !== null) throw conflict('You already accepted to referee this pot.');
    if (pot.status === 'decided' || pot.status === 'cancelled') throw conflict('This pot is over.');
    await tx
      .update(pots)
      .set({ refereeAcceptedAt: sql`now()` })
      .where(and(eq(pots.id, potId), isNull(pots.refereeAcceptedAt)));
  });
  await announce(db, effects, potId);
  return getPot(db, userId, potId);
}

/**
 * The asked referee declines (before accepting): the pot has no referee, says 'Waiting for the referee', and
 * waits on its creator to pick another. One conditional UPDATE on the referee still asked.
 */
export async function declineReferee(
  db: Db,
  effects: PotEffects,
  userId: string,
  potId: string,
): Promise<{ id: string }> {
  const notified = await db.transaction(async (tx) => {
    const pot = await lockVisiblePot(tx, userId, potId, 'update');
    if (pot.refereeId !== userId) throw forbidden('Only the referee can decline this role.');
    if (pot.refereeAcceptedAt !== null) throw conflict('You already accepted to referee this pot.');
    if (pot.status === 'decided' || pot.status === 'cancelled') throw conflict('This pot is over.');
    await tx.update(pots).set({ refereeId: null }).where(eq(pots.id, potId));
    return writeNotifications(tx, lines('pot_referee_declined', userId, pot, [pot.creatorId]));
  });
  // The declining referee no longer sees the pot (so no page comes back, and no 'pots' change for them).
  await effects.publish([userId], { kind: 'notifications' });
  await announce(db, effects, potId, notified);
  return { id: potId };
}

/**
 * While waiting for the referee (asked and not accepted, or declined), the creator picks another friend,
 * who is asked in turn. The pot row is held FOR UPDATE, so an accept racing the change finds the new state.
 */
export async function pickReferee(
  db: Db,
  effects: PotEffects,
  userId: string,
  potId: string,
  refereeId: string,
): Promise<PotView> {
  const previous = await db.transaction(async (tx) => {
    const pot = await lockVisiblePot(tx, userId, potId, 'update');
    if (pot.creatorId !== userId) throw forbidden('Only the creator can pick the referee.');
    if (pot.decider !== 'referee') throw conflict('This pot is not decided by a referee.');
    if (pot.status === 'decided' || pot.status === 'cancelled') throw conflict('This pot is over.');
    if (pot.refereeAcceptedAt !== null) throw conflict('The referee already accepted.');
    if (refereeId === userId) throw forbidden('You can only pick a friend as the referee.');
    if (pot.refereeId === refereeId) throw conflict('This friend is already asked to referee.');
    const key =
      userId < refereeId ? `friend-pair:${userId}:${refereeId}` : `friend-pair:${refereeId}:${userId}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    const ok = await queryOne(
      tx,
      sql`select exists (select 1 from friendship where user_id = ${userId} and friend_id = ${refereeId}) as friend,
        exists (select 1 from pot_invite where pot_id = ${potId} and user_id = ${refereeId})
          or exists (select 1 from pot_entry where pot_id = ${potId} and user_id = ${refereeId}) as taking_part`,
      z.object({ friend: z.boolean(), taking_part: z.boolean() }),
    );
    if (!ok?.friend) throw forbidden('You can only pick a friend as the referee.');
    if (ok.taking_part) throw new AppError('VALIDATION_FAILED', potMessages.refereeInvited.message);
    await tx.update(pots).set({ refereeId, refereeAcceptedAt: null }).where(eq(pots.id, potId));
    const notified = await writeNotifications(tx, lines('pot_referee_asked', userId, pot, [refereeId]));
    return { notified, replaced: pot.refereeId };
  });
  // The replaced referee no longer sees the pot: their inbox and red dot change, not a page they can read.
  if (previous.replaced !== null) await effects.publish([previous.replaced], { kind: 'notifications' });
  await announce(db, effects, potId, previous.notified);
  return getPot(db, userId, potId);
}

// ------------------------------------------------------------------ the result and the payments

type Result =
  { outcome: 'not_enough' } | { outcome: 'declared'; optionId: string | null; number: number | null };

/**
 * Decides the pot inside the caller's transaction (the pot row locked FOR UPDATE): who won, what each
 * entrant gets back (domain splitPot), and the payment plan (domain paymentPlan), stored together.
 */
async function settle(tx: Db, userId: string, pot: PotRow, result: Result): Promise<string[]> {
  const entries = await tx
    .select({ userId: potEntries.userId, optionId: potEntries.optionId, guess: potEntries.guess })
    .from(potEntries)
    .where(eq(potEntries.potId, pot.id))
    .orderBy(asc(potEntries.seq));
  let won: (entry: (typeof entries)[number]) => boolean = () => false;
  let push = false;
  let resultOptionId: string | null = null;
  let resultNumber: number | null = null;
  if (result.outcome === 'declared') {
    resultNumber = result.number;
    if (pot.kind === 'choices') {
      resultOptionId = result.optionId;
      won = (entry) => entry.optionId === resultOptionId;
    } else if (pot.kind === 'over_under' && pot.line !== null && result.number !== null) {
      const actual = toHundredths(result.number);
      const line = toHundredths(pot.line);
      push = actual === line;
      const options = await tx
        .select()
        .from(potOptions)
        .where(eq(potOptions.potId, pot.id))
        .orderBy(asc(potOptions.position));
      resultOptionId = push ? null : (options[actual > line ? 0 : 1]?.id ?? null);
      won = (entry) => entry.optionId === resultOptionId;
    } else if (pot.kind === 'closest' && result.number !== null) {
      const actual = toHundredths(result.number);
      const distance = (entry: (typeof entries)[number]) =>
        Math.abs(toHundredths(entry.guess ?? Number.NaN) - actual);
      const best = Math.min(...entries.map(distance));
      won = (entry) => distance(entry) === best;
    }
  }
  // Fewer than two entrants is 'not_enough' by the split's own rule.
  const split = splitPot({
    stake: pot.stake,
    entrants: entries.map((entry) => ({ userId: entry.userId, won: won(entry) })),
    push,
  });
  const plan = paymentPlan(pot.stake, split);
  await tx
    .update(pots)
    .set({
      status: 'decided',
      outcome: split.outcome,
      resultOptionId,
      resultNumber,
      decidedBy: userId,
      decidedAt: sql`now()`,
      closedAt: sql`coalesce(${pots.closedAt}, now())`,
    })
    .where(eq(pots.id, pot.id));
  if (split.payouts.length > 0) {
    const values = sql.join(
      split.payouts.map((p) => sql`(${p.userId}, ${p.payout}::int)`),
      sql`, `,
    );
    await tx.execute(
      sql`update pot_entry e set payout = v.payout from (values ${values}) as v(user_id, payout) where e.pot_id = ${pot.id} and e.user_id = v.user_id`,
    );
  }
  if (plan.length > 0) {
    await tx
      .insert(potPayments)
      .values(plan.map((payment, position) => ({ potId: pot.id, ...payment, position })));
  }
  return writeNotifications(tx, lines('pot_decided', userId, pot, await peopleOf(tx, pot.id)));
}

/**
 * The decider's result. One transaction holding the pot row FOR UPDATE: two decisions at once, or a
 * decision racing a cancel, serialize on it, and the second finds the pot already decided (or cancelled).
 */
export async function declareResult(
  db: Db,
  effects: PotEffects,
  userId: string,
  potId: string,
  input: DeclarePotInput,
): Promise<PotView> {
  return changePot(db, effects, userId, potId, async (tx) => {
    const pot = await lockVisiblePot(tx, userId, potId, 'update');
    if (pot.decider === 'vote') throw conflict('The entrants decide this pot by vote.');
    if (pot.decider === 'me' && pot.creatorId !== userId)
      throw forbidden('Only the creator decides this pot.');
    if (pot.decider === 'referee') {
      if (pot.refereeId !== userId) throw forbidden('Only the referee decides this pot.');
      if (pot.refereeAcceptedAt === null) throw conflict('Accept the referee role first.');
    }
    if (pot.status === 'decided') throw conflict('This pot was already decided.');
    if (pot.status === 'cancelled') throw conflict('This pot was cancelled.');
    if (pot.status === 'disputed') throw conflict('This pot is disputed.');
    if (pot.kind === 'choices') {
      if (!('optionId' in input)) throw new AppError('VALIDATION_FAILED', 'Choose the winning outcome.');
      const [option] = await tx
        .select({ id: potOptions.id })
        .from(potOptions)
        .where(and(eq(potOptions.id, input.optionId), eq(potOptions.potId, potId)));
      if (!option) throw new AppError('VALIDATION_FAILED', 'Choose one of this pot’s outcomes.');
      return settle(tx, userId, pot, { outcome: 'declared', optionId: option.id, number: null });
    }
    if (!('number' in input)) throw new AppError('VALIDATION_FAILED', 'Enter the actual number.');
    return settle(tx, userId, pot, { outcome: 'declared', optionId: null, number: input.number });
  });
}

/**
 * An entrant's vote on an 'Entrants vote' pot; a changed vote replaces the earlier one. The pot row is held
 * FOR UPDATE, so two votes completing a majority at once serialize: the first decides the pot, the second
 * finds it decided.
 */
export async function castVote(
  db: Db,
  effects: PotEffects,
  userId: string,
  potId: string,
  optionId: string,
): Promise<PotView> {
  return changePot(db, effects, userId, potId, async (tx) => {
    const pot = await lockVisiblePot(tx, userId, potId, 'update');
    if (pot.decider !== 'vote') throw conflict('The entrants do not vote on this pot.');
    if (pot.status === 'decided') throw conflict('This pot was already decided.');
    if (pot.status === 'disputed') throw conflict('This pot is disputed.');
    if (pot.status === 'cancelled') throw conflict('This pot was cancelled.');
    const entries = await tx
      .select({ userId: potEntries.userId })
      .from(potEntries)
      .where(eq(potEntries.potId, potId));
    if (!entries.some((entry) => entry.userId === userId)) throw forbidden('Only entrants can vote.');
    const [option] = await tx
      .select({ id: potOptions.id })
      .from(potOptions)
      .where(and(eq(potOptions.id, optionId), eq(potOptions.potId, potId)));
    if (!option) throw new AppError('VALIDATION_FAILED', 'Choose one of this pot’s outcomes.');
    await tx
      .insert(potVotes)
      .values({ potId, userId, optionId })
      .onConflictDoUpdate({
        target: [potVotes.potId, potVotes.userId],
        set: { optionId, votedAt: sql`now()` },
      });
    const votes = await tx
      .select({ optionId: potVotes.optionId })
      .from(potVotes)
      .where(eq(potVotes.potId, potId));
    const agreeing = votes.filter((vote) => vote.optionId === optionId).length;
    if (!isStrictMajority(agreeing, entries.length)) return [];
    return settle(tx, userId, pot, { outcome: 'declared', optionId, number: null });
  });
}

/**
 * A pot payment's two steps, each one conditional statement (Mark Paid twice marks once): the payer says
 * they paid, then the payee confirms it. Both only while the pot stands decided (on hold while disputed).
 */
const paymentSteps = {
  sent: {
    set: { sentAt: sql`now()` },
    party: potPayments.payerId,
    ready: () => isNull(potPayments.sentAt),
    line: 'pot_payment_marked',
    told: (payment: PotPaymentRow) => payment.payeeId,
  },
  confirmed: {
    set: { confirmedAt: sql`now()` },
    party: potPayments.payeeId,
    ready: () =>
      and(
        isNotNull(potPayments.sentAt),
        isNull(potPayments.confirmedAt),
        // A payment in a settle-up is confirmed with the settlement, as a whole (ADR 059)...
        isNull(potPayments.settlementId),
        // ...and one a group's simplified payments took over, with the round's last settlement (ADR 064).
        isNull(potPayments.groupRoundId),
      ),
    line: 'pot_payment_confirmed',
    told: (payment: PotPaymentRow) => payment.payerId,
  },
} as const;

async function stepPotPayment(
  db: Db,
  effects: PotEffects,
  userId: string,
  potId: string,
  paymentId: string,
  step: keyof typeof paymentSteps,
): Promise<PotView> {
  const { set, party, ready, line, told } = paymentSteps[step];
  return changePot(db, effects, userId, potId, async (tx) => {
    const [row] = await tx
      .update(potPayments)
      .set(set)
      .where(
        and(
          eq(potPayments.id, paymentId),
          eq(potPayments.potId, potId),
          eq(party, userId),
          ready(),
          sql`exists (select 1 from pot p where p.id = ${potId} and p.status = 'decided')`,
        ),
      )
      .returning();
    if (!row) return refusePayment(tx, userId, potId, paymentId, step);
    const [pot] = await tx.select().from(pots).where(eq(pots.id, potId));
    if (!pot) throw notFound();
    return writeNotifications(tx, lines(line, userId, pot, [told(row)], row.amount));
  });
}

/** 'Mark Paid': the payer says they paid. */
export function markPotPaymentSent(
  db: Db,
  effects: PotEffects,
  userId: string,
  potId: string,
  paymentId: string,
): Promise<PotView> {
  return stepPotPayment(db, effects, userId, potId, paymentId, 'sent');
}

/** 'Confirm Payment Received': the payee confirms a payment marked sent. */
export function confirmPotPayment(
  db: Db,
  effects: PotEffects,
  userId: string,
  potId: string,
  paymentId: string,
): Promise<PotView> {
  return stepPotPayment(db, effects, userId, potId, paymentId, 'confirmed');
}

async function refusePayment(
  tx: Db,
  userId: string,
  potId: string,
  paymentId: string,
  step: 'sent' | 'confirmed',
): Promise<never> {
  const pot = await lockVisiblePot(tx, userId, potId, 'share');
  if (pot.status === 'disputed') throw conflict('Payments are on hold while the result is disputed.');
  const [payment] = await tx
    .select()
    .from(potPayments)
    .where(and(eq(potPayments.id, paymentId), eq(potPayments.potId, potId)));
  if (!payment) throw new AppError('NOT_FOUND', 'Payment not found.');
  if (step === 'sent') {
    if (payment.payerId !== userId) throw forbidden('Only the payer can mark this payment as sent.');
    throw conflict('Payment was already marked as sent.');
  }
  if (payment.payeeId !== userId) throw forbidden('Only the payee can confirm this payment.');
  if (payment.sentAt === null) throw conflict('The payment has not been marked as sent yet.');
  if ((payment.settlementId !== null || payment.groupRoundId !== null) && payment.confirmedAt === null)
    throw conflict(potMessages.paidInSettlement);
  throw conflict('Payment was already confirmed.');
}

// ------------------------------------------------------------------ disputes

/**
 * Within 48 hours of a declared result, an entrant who lost and has not marked a payment paid disputes it:
 * one conditional UPDATE, so two disputes at once make one. A result is disputed once; an overturned
 * result, declared again, may be disputed again.
 */
export async function disputePot(
  db: Db,
  effects: PotEffects,
  userId: string,
  potId: string,
  reason: string | null,
): Promise<PotView> {
  return changePot(db, effects, userId, potId, async (tx) => {
    const [row] = await tx
      .update(pots)
      .set({ status: 'disputed', disputedAt: sql`now()`, disputedBy: userId, disputeReason: reason })
      .where(
        and(
          eq(pots.id, potId),
          eq(pots.status, 'decided'),
          eq(pots.outcome, 'won'),
          isNull(pots.disputedAt),
          sql`${pots.decidedAt} > now() - make_interval(hours => ${POT_DISPUTE_WINDOW_HOURS})`,
          sql`exists (select 1 from pot_entry e where e.pot_id = ${potId} and e.user_id = ${userId} and e.payout < pot.stake)`,
          sql`not exists (select 1 from pot_payment pp where pp.pot_id = ${potId} and pp.payer_id = ${userId} and pp.sent_at is not null)`,
        ),
      )
      .returning();
    if (row) {
      const entrants = await tx
        .select({ userId: potEntries.userId })
        .from(potEntries)
        .where(eq(potEntries.potId, potId));
      return writeNotifications(
        tx,
        lines(
          'pot_disputed',
          userId,
          row,
          [
            ...entrants.map((entry) => entry.userId),
            row.creatorId,
            ...(row.refereeId ? [row.refereeId] : []),
          ].filter((id) => id !== userId),
        ),
      );
    }
    const pot = await lockVisiblePot(tx, userId, potId, 'share');
    if (pot.status === 'disputed') throw conflict('This pot is already disputed.');
    if (pot.status !== 'decided') throw conflict('Only a declared result can be disputed.');
    const [entry] = await tx
      .select()
      .from(potEntries)
      .where(and(eq(potEntries.potId, potId), eq(potEntries.userId, userId)));
    if (!entry || entry.payout === null || entry.payout >= pot.stake || pot.outcome !== 'won')
      throw forbidden('Only an entrant who lost can dispute the result.');
    if (pot.disputedAt !== null) throw conflict('This result was already disputed.');
    const [paid] = await tx
      .select({ id: potPayments.id })
      .from(potPayments)
      .where(
        and(eq(potPayments.potId, potId), eq(potPayments.payerId, userId), isNotNull(potPayments.sentAt)),
      );
    if (paid) throw conflict('You marked your payment paid, so the result can no longer be disputed.');
    throw conflict('A result can be disputed only within 48 hours.');
  });
}

/**
 * An entrant's vote on a dispute: 'Keep Result' or 'Overturn', changeable until a strict majority of the
 * entrants agrees. The pot row is held FOR UPDATE, so two votes completing a majority at once serialize:
 * the first ends the dispute, the second finds it over. Overturned: the pot goes back to 'Awaiting result'
 * (its result, payouts, payments and votes cleared) and the decider declares again. Kept: decided again.
 */
export async function voteOnDispute(
  db: Db,
  effects: PotEffects,
  userId: string,
  potId: string,
  overturn: boolean,
): Promise<PotView> {
  return changePot(db, effects, userId, potId, async (tx) => {
    const pot = await lockVisiblePot(tx, userId, potId, 'update');
    if (pot.status !== 'disputed') throw conflict('This pot is not disputed.');
    const entries = await tx
      .select({ userId: potEntries.userId })
      .from(potEntries)
      .where(eq(potEntries.potId, potId));
    if (!entries.some((entry) => entry.userId === userId)) throw forbidden('Only entrants can vote.');
    await tx
      .insert(potDisputeVotes)
      .values({ potId, userId, overturn })
      .onConflictDoUpdate({
        target: [potDisputeVotes.potId, potDisputeVotes.userId],
        set: { overturn, votedAt: sql`now()` },
      });
    const votes = await tx
      .select({ overturn: potDisputeVotes.overturn })
      .from(potDisputeVotes)
      .where(eq(potDisputeVotes.potId, potId));
    const agreeing = votes.filter((vote) => vote.overturn === overturn).length;
    if (!isStrictMajority(agreeing, entries.length)) return [];
    const everyone = [
      ...entries.map((entry) => entry.userId),
      pot.creatorId,
      ...(pot.refereeId ? [pot.refereeId] : []),
    ];
    await tx.delete(potDisputeVotes).where(eq(potDisputeVotes.potId, potId));
    if (!overturn) {
      await tx.update(pots).set({ status: 'decided' }).where(eq(pots.id, potId));
      return writeNotifications(tx, lines('pot_dispute_kept', userId, pot, everyone));
    }
    await tx.delete(potPayments).where(eq(potPayments.potId, potId));
    await tx.delete(potVotes).where(eq(potVotes.potId, potId));
    await tx.update(potEntries).set({ payout: null }).where(eq(potEntries.potId, potId));
    await tx
      .update(pots)
      .set({
        status: 'awaiting',
        outcome: null,
        resultOptionId: null,
        resultNumber: null,
        decidedBy: null,
        decidedAt: null,
        disputedAt: null,
        disputedBy: null,
        disputeReason: null,
      })
      .where(eq(pots.id, potId));
    return writeNotifications(tx, lines('pot_dispute_overturned', userId, pot, everyone));
  });
}
