/** The weekly leaderboard's sizes (ADR 013); no zod here, so the feed screen loads without it. */
export const LEADERBOARD_SIZE = 10;
/** How many leaders the feed's card shows. */
export const LEADERBOARD_SHOWN = 3;
export const LEADERBOARD_WINDOW_DAYS = 7;
