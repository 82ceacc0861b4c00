import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { StartupError } from '../lib/startup-error.ts';

export const LOCK_FILE = 'sidepot.lock';

export type DataDirLock = { file: string; release(): void };

/** Lock files this process holds: a second open in the same process is refused too. */
const heldHere = new Set<string>();

function removeIfPresent(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
  }
}

/** Whether a process with this id exists (EPERM: it exists but belongs to someone else). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

function readHolder(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PGlite is single-process: a second process on a live data directory starts
 * fine and silently loses every write. So whoever opens a data directory
 * first holds `sidepot.lock` (holding its PID) until it exits; a lock whose
 * PID is no longer alive is left over from a crash and is taken over.
 * Released by `release()` and, as a last resort, on process exit.
 *
 * The file is written under a private name and hard-linked into place, which
 * fails if it exists (like open(…, 'wx')) and never shows a half-written PID.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const inUse = (pid: number) =>
    new StartupError(
      `the data directory ${dir} is in use by another process (PID ${pid}); stop it or set another DATA_DIR.`,
    );
  if (heldHere.has(file)) throw inUse(process.pid);
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        linkSync(temp, file);
      } catch (error) {
        if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
        const holder = readHolder(file);
        // Our own PID in the file means an earlier run in a container that reuses PIDs.
        if (holder !== undefined && holder !== process.pid && isAlive(holder)) throw inUse(holder);
        // Left over from a crash: remove it, unless another process took it over meanwhile.
        if (readHolder(file) === holder) removeIfPresent(file);
        continue;
      }
      return holdLock(file);
    }
  } finally {
    removeIfPresent(temp);
  }
  throw new StartupError(
    `could not lock the data directory ${dir}; another process keeps replacing ${LOCK_FILE}.`,
  );
}

function holdLock(file: string): DataDirLock {
  heldHere.add(file);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(file);
    process.off('exit', release);
    // Only our own lock: never remove one another process took over.
    if (readHolder(file) === process.pid) removeIfPresent(file);
  };
  process.on('exit', release);
  return { file, release };
}
