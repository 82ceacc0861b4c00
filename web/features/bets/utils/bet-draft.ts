/**
 * The half-written bet, kept in sessionStorage for the tab's session: switching to Feed or Profile and back, or signing in again after
 * the session ended (point 2), finds the form as it was left. Keyed by user, so
 * another account signed in on the same tab never sees it.
 */
export type OpponentMode = 'friend' | 'link';

export type BetDraft = {
  description: string;
  friendId: string | null;
  /** A preset tile or a custom amount; null before one is chosen. */
  amount: { amount: number; isCustom: boolean } | null;
  resolveBy: string;
  mode: OpponentMode;
};

export const EMPTY_BET_DRAFT: BetDraft = {
  description: '',
  friendId: null,
  amount: null,
  resolveBy: '',
  mode: 'friend',
};

export function betDraftKey(userId: string): string {
  return `sidepot:bet-draft:${userId}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The stored draft; anything unreadable (old shape, hand-edited) gives the empty form, never an error. */
export function parseBetDraft(raw: string | null): BetDraft {
  if (raw === null) return EMPTY_BET_DRAFT;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return EMPTY_BET_DRAFT;
  }
  if (!isRecord(value)) return EMPTY_BET_DRAFT;
  const amount = value['amount'];
  return {
    description: typeof value['description'] === 'string' ? value['description'] : '',
    friendId: typeof value['friendId'] === 'string' && value['friendId'] !== '' ? value['friendId'] : null,
    amount:
      isRecord(amount) && Number.isInteger(amount['amount']) && typeof amount['isCustom'] === 'boolean'
        ? { amount: Number(amount['amount']), isCustom: amount['isCustom'] }
        : null,
    resolveBy: typeof value['resolveBy'] === 'string' ? value['resolveBy'] : '',
    mode: value['mode'] === 'link' ? 'link' : 'friend',
  };
}

export function isEmptyBetDraft(draft: BetDraft): boolean {
  return (
    draft.description === '' &&
    draft.friendId === null &&
    draft.amount === null &&
    draft.resolveBy === '' &&
    draft.mode === 'friend'
  );
}

/** sessionStorage can throw (storage off, quota): a draft that cannot be kept is only lost, never an error. */
export function readBetDraft(key: string): BetDraft {
  try {
    return parseBetDraft(window.sessionStorage.getItem(key));
  } catch {
    return EMPTY_BET_DRAFT;
  }
}

export function saveBetDraft(key: string, draft: BetDraft): void {
  try {
    if (isEmptyBetDraft(draft)) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // See readBetDraft.
  }
}
