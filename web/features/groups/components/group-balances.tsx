import { CircleCheck } from 'lucide-react';
import type { GroupBalances, SimplifiedPaymentView } from '#domain/groups.ts';
import { formatDollars } from '#domain/money.ts';
import { PayButtons } from '#web/components/pay-buttons.tsx';
import { ActionButton } from '#web/components/ui/action-button.tsx';
import { UserAvatar } from '#web/components/ui/user-avatar.tsx';
import { apiErrorMessage } from '#web/lib/api-error.ts';
import { toast } from '#web/lib/toast.ts';
import { useConfirmSimplifiedPayment, useMarkSimplifiedPayment } from '../api/groups.ts';

// A minus sign, not a hyphen, as the balance dialog shows what one owes.
const signed = (net: number) =>
  net > 0 ? `+${formatDollars(net)}` : net < 0 ? `−${formatDollars(-net)}` : formatDollars(net);

function SimplifiedPayment({
  groupId,
  version,
  payment,
  viewerId,
}: {
  groupId: string;
  version: string;
  payment: SimplifiedPaymentView;
  viewerId: string;
}) {
  const onError = (error: Error) =>
    toast.error('Error', { description: apiErrorMessage(error, 'Please try again.') });
  const mark = useMarkSimplifiedPayment(groupId, {
    onSuccess: () =>
      toast.success('Payment Marked as Sent', {
        description: `Waiting for ${payment.to.name} to confirm receipt.`,
      }),
    onError,
  });
  const confirm = useConfirmSimplifiedPayment({
    onSuccess: () => toast.success('Payment Confirmed'),
    onError,
  });
  const isPayer = payment.from.id === viewerId;
  const isPayee = payment.to.id === viewerId;
  const status = payment.settlement
    ? payment.settlement.confirmed
      ? 'Received'
      : 'Marked paid, waiting for confirmation'
    : null;
  const line = `${isPayer ? 'You pay' : `${payment.from.name} pays`} ${isPayee ? 'you' : payment.to.name} ${formatDollars(payment.amount)}`;
  return (
    <li className="grid gap-2 rounded-lg border bg-card p-3 text-sm" aria-label={line}>
      <p className="font-medium break-words">{line}</p>
      {status ? <p className="text-muted-foreground">{status}</p> : null}
      {isPayer && !payment.settlement ? (
        <div className="flex flex-wrap gap-2">
          {payment.payTo ? (
            <PayButtons payee={payment.payTo} amount={payment.amount} note="Sidepot group settle-up" grow />
          ) : null}
          <ActionButton
            icon={CircleCheck}
            variant="outline"
            grow
            isBusy={mark.isPending}
            onClick={() => mark.mutate({ payeeId: payment.to.id, amount: payment.amount, version })}
          >
            Mark Paid
          </ActionButton>
        </div>
      ) : null}
      {isPayee && payment.settlement && !payment.settlement.confirmed ? (
        <ActionButton
          icon={CircleCheck}
          isBusy={confirm.isPending}
          onClick={() => payment.settlement && confirm.mutate(payment.settlement.id)}
        >
          Confirm Payment Received
        </ActionButton>
      ) : null}
    </li>
  );
}

/**
 * The 'Balances' tab (ADR 064): each member's net, who owes whom, and under 'Simplify Debts' the fewest
 * payments that settle the group, each with the payer's pay buttons and 'Mark Paid' and the payee's
 * 'Confirm Payment Received'.
 */
export function GroupBalancesView({
  groupId,
  balances,
  viewerId,
}: {
  groupId: string;
  balances: GroupBalances;
  viewerId: string;
}) {
  const settled = balances.payments.length === 0;
  return (
    <div className="grid gap-4">
      <section aria-labelledby="group-nets" className="grid gap-2">
        <h3 id="group-nets" className="text-sm font-semibold">
          Net per member
        </h3>
        <ul className="grid gap-1">
          {balances.nets.map(({ user, net }) => (
            <li key={user.id} className="flex items-center gap-3 rounded-lg p-1 text-sm">
              <UserAvatar name={user.name} image={user.image} className="size-7" />
              <span className="min-w-0 flex-1 break-words">{user.name}</span>
              <span
                className={`tabular-nums ${net > 0 ? 'text-emerald-700 dark:text-emerald-400' : net < 0 ? 'text-destructive' : 'text-muted-foreground'}`}
              >
                {signed(net)}
              </span>
            </li>
          ))}
        </ul>
      </section>
      {balances.debts.length > 0 ? (
        <section aria-labelledby="group-debts" className="grid gap-2">
          <h3 id="group-debts" className="text-sm font-semibold">
            Who owes whom
          </h3>
          <ul className="grid gap-1 text-sm">
            {balances.debts.map((debt) => (
              <li key={`${debt.from.id}-${debt.to.id}`} className="text-muted-foreground">
                {`${debt.from.name} owes ${debt.to.name} ${formatDollars(debt.amount)}`}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="simplify-debts" className="grid gap-2">
        <h3 id="simplify-debts" className="text-sm font-semibold">
          Simplify Debts
        </h3>
        {settled ? (
          <p className="text-sm text-muted-foreground">All settled up.</p>
        ) : (
          <ul className="grid gap-2">
            {balances.payments.map((payment) => (
              <SimplifiedPayment
                key={`${payment.from.id}-${payment.to.id}`}
                groupId={groupId}
                version={balances.version}
                payment={payment}
                viewerId={viewerId}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
