import type { Ref } from 'react';
import { stakeLabels } from '#domain/bet-stakes.ts';
import { Tabs, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';

/** What each side risks as typed: whole dollars, checked by the bet rules on submit (ADR 062). */
export type OddsDraft = { mine: string; theirs: string };

/** A typed stake: the number, NaN when it is not a whole number (so the rules name it invalid), null when empty. */
export function parseStake(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** 'Even' (one amount, both sides) or 'Give Odds' (what each side risks); `controls`: the id of the fields they switch. */
export function OddsTabs({ isOdds, onChange, controls }: { isOdds: boolean; onChange: (isOdds: boolean) => void; controls: string }) {
  return (
    <Tabs value={isOdds ? 'odds' : 'even'} onValueChange={(value) => onChange(value === 'odds')}>
      <TabsList aria-label="Stakes">
        <TabsTrigger value="even" aria-controls={controls}>
          {stakeLabels.even}
        </TabsTrigger>
        <TabsTrigger value="odds" aria-controls={controls}>
          {stakeLabels.odds}
        </TabsTrigger>
      </TabsList>
    </Tabs>
  );
}

type OddsFieldsProps = {
  value: OddsDraft;
  onChange: (value: OddsDraft) => void;
  mineError?: string | undefined;
  theirsError?: string | undefined;
  mineRef?: Ref<HTMLInputElement>;
  theirsRef?: Ref<HTMLInputElement>;
};

/** 'You risk' and 'They risk', side by side. */
export function OddsFields({ value, onChange, mineError, theirsError, mineRef, theirsRef }: OddsFieldsProps) {
  const field = { type: 'text', inputMode: 'numeric', autoComplete: 'off', placeholder: '$' } as const;
  return (
    <div className="grid grid-cols-2 gap-3">
      <TextField
        {...field}
        ref={mineRef}
        label={stakeLabels.youRisk}
        value={value.mine}
        error={mineError}
        onChange={(event) => onChange({ ...value, mine: event.target.value })}
      />
      <TextField
        {...field}
        ref={theirsRef}
        label={stakeLabels.theyRisk}
        value={value.theirs}
        error={theirsError}
        onChange={(event) => onChange({ ...value, theirs: event.target.value })}
      />
    </div>
  );
}
