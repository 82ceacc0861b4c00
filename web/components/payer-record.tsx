import { payerRecordText, unpaidText } from '#domain/stat-rules.ts';
import type { PayerRecord } from '#domain/stats.ts';

/** 'Pays within 3 days: 12 of 13 (92%)' and 'Unpaid: $40'; each line hidden when there is nothing to say. */
export function PayerRecordLines({ record }: { record: PayerRecord }) {
  const pays = payerRecordText(record);
  const unpaid = unpaidText(record);
  if (pays === null && unpaid === null) return null;
  return (
    <div
      aria-label="Payer record"
      role="group"
      className="grid gap-0.5 rounded-lg bg-muted px-3 py-2 text-center text-sm"
    >
      {pays ? <p>{pays}</p> : null}
      {unpaid ? <p className="font-medium text-red-700">{unpaid}</p> : null}
    </div>
  );
}
