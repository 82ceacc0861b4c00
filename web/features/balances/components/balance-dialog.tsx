import { HandCoins } from 'lucide-react';
import { useContext } from 'react';
import { Link } from '#web/lib/router/router.tsx';
import { toast } from '#web/lib/toast.ts';
import type { BalanceDetail } from '#domain/balances.ts';
import { balanceLine, settleUpNote } from '#domain/balance-rules.ts';
import { formatDollars } from '#domain/money.ts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { PayButtons } from '#web/components/pay-buttons.tsx';
import { apiErrorMessage } from '#web/lib/api-error.ts';
import { ActionButton } from '#web/components/ui/action-button.tsx';
import { useBalance } from '../api/get-balances.ts';
import { useSettleUp } from '../api/settle-up.ts';
import { BalanceReminderSlot } from './balance-reminder-slot.ts';
import { SettlementToConfirm } from './settlement-to-confirm.tsx';
import { LoadError } from '#web/components/errors/load-error.tsx';

type BalanceDialogProps = { friendId: string | null; onClose: () => void };

/**
 * The balance with one person: the bets and pot payments behind the net, a 'Pay with …' button per app the friend has and
 * 'Mark All Paid' (ADR 056), or 'Confirm All Received'.
 */
export function BalanceDialog({ friendId, onClose }: BalanceDialogProps) {
  const balance = useBalance(friendId);
  return (
    <Dialog open={friendId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="grid max-h-[90dvh] gap-4 overflow-y-auto p-6">
        {balance.data ? (
          <BalanceView balance={balance.data} onClose={onClose} />
        ) : balance.isError ? (
          <>
            <DialogHeader>
              <DialogTitle>Balance</DialogTitle>
            </DialogHeader>
            <LoadError
              query={balance}
              message="Failed to load this balance. Please try again."
              messageAs={DialogDescription}
              layout="plain"
            />
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Balance</DialogTitle>
              <DialogDescription className="sr-only text-sm text-muted-foreground">
                Loading the balance
              </DialogDescription>
            </DialogHeader>
            <div className="flex justify-center py-8">
              <Spinner label="Loading balance" />
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function BalanceView({ balance, onClose }: { balance: BalanceDetail; onClose: () => void }) {
  const reminder = useContext(BalanceReminderSlot);
  const { friend, net, bets, potPayments } = balance;
  const settle = useSettleUp({
    onSuccess: () => {
      toast.success('Payment Marked as Sent', {
        description: `Waiting for ${friend.name} to confirm receipt.`,
      });
      // Nothing is left to settle here: back to where the balance was opened.
      onClose();
    },
    onError: (error) => toast.error('Error', { description: apiErrorMessage(error, 'Please try again.') }),
  });
  return (
    <>
      <DialogHeader>
        <DialogTitle>{friend.name}</DialogTitle>
        <DialogDescription className="text-base font-medium text-foreground">
          {balanceLine(friend.name, net)}
        </DialogDescription>
      </DialogHeader>
      {balance.pendingSettlement ? (
        <SettlementToConfirm friendName={friend.name} settlement={balance.pendingSettlement} />
      ) : null}
      <DebtList
        label="Bets in this balance"
        onClose={onClose}
        debts={bets.map((bet) => ({ ...bet, to: `/bets/${bet.id}`, label: bet.description }))}
      />
      <DebtList
        label="Pot payments in this balance"
        onClose={onClose}
        debts={potPayments.map((payment) => ({
          ...payment,
          to: `/pots/${payment.potId}`,
          label: payment.question,
        }))}
      />
      {net < 0 ? (
        <div className="flex flex-wrap gap-2">
          <PayButtons
            // The friend's apps come with a balance the viewer owes; the Venmo handle always did.
            payee={balance.payTo ?? { venmoHandle: friend.venmoHandle, cashtag: null, paypalMe: null }}
            amount={-net}
            note={settleUpNote(bets.length + potPayments.length)}
            size="default"
            grow
            className="min-w-40"
          />
          <ActionButton
            icon={HandCoins}
            variant="outline"
            size="default"
            grow
            className="min-w-40"
            isBusy={settle.isPending}
            onClick={() =>
              settle.mutate({
                friendId: friend.id,
                betIds: bets.map((bet) => bet.id),
                potPaymentIds: potPayments.map((payment) => payment.id),
              })
            }
          >
            Mark All Paid
          </ActionButton>
        </div>
      ) : null}
      {balance.reminder && reminder
        ? reminder({
            friend: friend,
            availableAt: balance.reminder.availableAt,
            size: 'default',
            className: 'w-full',
          })
        : null}
    </>
  );
}

type Debt = { id: string; to: string; label: string; amount: number; direction: 'owed_to_me' | 'i_owe' };

/** The bets or the pot payments behind the balance, each linking to its page with its signed amount. */
function DebtList({ label, debts, onClose }: { label: string; debts: Debt[]; onClose: () => void }) {
  if (debts.length === 0) return null;
  return (
    <ul aria-label={label} className="grid gap-1">
      {debts.map((debt) => (
        <li key={debt.id}>
          <Link
            to={debt.to}
            onClick={onClose}
            className="flex items-center justify-between gap-3 rounded-lg border p-3 text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <span className="min-w-0 break-words">{debt.label}</span>
            <span
              className={
                debt.direction === 'i_owe'
                  ? 'shrink-0 font-medium text-red-700'
                  : 'shrink-0 font-medium text-emerald-700'
              }
            >
              {debt.direction === 'i_owe'
                ? `−${formatDollars(debt.amount)}`
                : `+${formatDollars(debt.amount)}`}
              <span className="sr-only">{debt.direction === 'i_owe' ? ' you lost' : ' you won'}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
