import type { FeedBet } from '#domain/feed.ts';

type PartyButtonProps = {
  party: FeedBet['creator'];
  onOpenUser: (userId: string) => void;
};

/** A bettor's name that opens their profile dialog; inline so long names wrap with the heading. */
export function PartyButton({ party, onOpenUser }: PartyButtonProps) {
  return (
    <button
      type="button"
      onClick={() => onOpenUser(party.id)}
      className="rounded-sm text-left underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {party.name}
    </button>
  );
}
