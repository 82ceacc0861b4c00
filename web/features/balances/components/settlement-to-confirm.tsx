import { CircleCheck } from 'lucide-react';
import { toast } from '#web/lib/toast.ts';
import type { BalanceDetail } from '#domain/balances.ts';
import { betCountText } from '#domain/balance-rules.ts';
import { formatDollars } from '#domain/money.ts';
import { apiErrorMessage } from '#web/lib/api-error.ts';
import { ActionButton } from '#web/components/ui/action-button.tsx';
import { useConfirmSettlement } from '../api/settle-up.ts';

/** A payment the friend marked as sent, for the viewer to confirm (Balances card, activity inbox). */
export function SettlementToConfirm({
  friendName,
  settlement,
}: {
  friendName: string;
  settlement: NonNullable<BalanceDetail['pendingSettlement']>;
}) {
  const confirm = useConfirmSettlement({
    onSuccess: () => toast.success('Payment Confirmed', { description: 'The bets have been settled!' }),
    onError: (error) => toast.error('Error', { description: apiErrorMessage(error, 'Please try again.') }),
  });
  return (
    <div className="grid gap-2 rounded-lg bg-muted p-3">
      <p className="text-sm">
        {friendName} marked {formatDollars(settlement.amount)} as paid for {betCountText(settlement.betCount)}
        .
      </p>
      <ActionButton
        icon={CircleCheck}
        isBusy={confirm.isPending}
        onClick={() => confirm.mutate(settlement.id)}
      >
        Confirm All Received
      </ActionButton>
    </div>
  );
}
