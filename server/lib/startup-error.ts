/**
 * A start-up failure the operator can fix (bad DATABASE_URL, a data directory
 * in use): the entry point prints its one-line message and exits, no stack.
 */
export class StartupError extends Error {}
