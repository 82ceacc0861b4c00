import { Suspense, useId, useState, type Ref } from 'react';
import { PRESET_AMOUNTS } from '#domain/bet-rules.ts';
import { lazyComponent } from '../lib/lazy-component.ts';
import { cn } from '../lib/utils.ts';
import { formatDollars } from '#domain/money.ts';

// Radix Dialog loads when the Custom tile is pointed at, focused or pressed, not with /home.
const CustomAmountDialog = lazyComponent(
  async () => (await import('./custom-amount-dialog.tsx')).CustomAmountDialog,
);

/** The wager: a preset tile, or a custom amount from the dialog. */
export type AmountChoice = { amount: number; isCustom: boolean } | null;

type AmountPickerProps = {
  value: AmountChoice;
  onChange: (choice: AmountChoice) => void;
  /** The id of the inline error, when the amount is what failed. */
  errorId?: string | undefined;
  firstTileRef?: Ref<HTMLButtonElement>;
  /** The group's name: a bet's 'Amount', a pot's 'Stake per person'. */
  label?: string;
};

const tileClass =
  'flex h-14 flex-col items-center justify-center rounded-lg border bg-card font-semibold tabular-nums shadow-xs transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground';

export function AmountPicker({
  value,
  onChange,
  errorId,
  firstTileRef,
  label = 'Amount',
}: AmountPickerProps) {
  const labelId = useId();
  const [isCustomOpen, setIsCustomOpen] = useState(false);
  // Stays mounted once opened, so closing animates and returns focus to the tile.
  const [hasOpenedCustom, setHasOpenedCustom] = useState(false);
  const customAmount = value?.isCustom ? value.amount : null;

  return (
    <div className="grid gap-2">
      <p id={labelId} className="text-sm leading-none font-medium">
        {label}
      </p>
      <div
        role="group"
        aria-labelledby={labelId}
        aria-describedby={errorId}
        aria-invalid={errorId ? true : undefined}
        className="grid grid-cols-3 gap-2"
      >
        {PRESET_AMOUNTS.map((amount, index) => (
          <button
            key={amount}
            ref={index === 0 ? firstTileRef : undefined}
            type="button"
            aria-pressed={value !== null && !value.isCustom && value.amount === amount}
            className={cn(tileClass, 'text-lg')}
            onClick={() => onChange({ amount, isCustom: false })}
          >
            {formatDollars(amount)}
          </button>
        ))}
        <button
          type="button"
          aria-pressed={customAmount !== null}
          aria-haspopup="dialog"
          className={cn(tileClass, customAmount === null ? 'text-base' : 'text-lg')}
          onPointerEnter={() => void CustomAmountDialog.preload()}
          onPointerDown={() => void CustomAmountDialog.preload()}
          onFocus={() => void CustomAmountDialog.preload()}
          onClick={() => {
            setHasOpenedCustom(true);
            setIsCustomOpen(true);
          }}
        >
          {customAmount === null ? (
            'Custom'
          ) : (
            <>
              <span className="text-[11px] leading-none font-medium uppercase opacity-80">Custom</span>{' '}
              {formatDollars(customAmount)}
            </>
          )}
        </button>
      </div>
      {hasOpenedCustom ? (
        <Suspense fallback={null}>
          <CustomAmountDialog
            open={isCustomOpen}
            onOpenChange={setIsCustomOpen}
            initialAmount={customAmount}
            onConfirm={(amount) => onChange({ amount, isCustom: true })}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
