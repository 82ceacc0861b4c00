import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { StartupError } from '../lib/startup-error.ts';
import { LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'sidepot-lockdir-'));

test('the lock holds our PID until released, and a second lock in this process is refused', () => {
  const dir = tempDir();
  const lock = lockDataDir(dir);
  expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
  expect(() => lockDataDir(dir)).toThrow(StartupError);
  lock.release();
  expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  lockDataDir(dir).release();
});

test('a lock held by another live process is refused with its PID and the directory', () => {
  const dir = tempDir();
  // The test runner's parent is alive for the whole test.
  writeFileSync(path.join(dir, LOCK_FILE), `${process.ppid}\n`);
  expect(() => lockDataDir(dir)).toThrow(
    `the data directory ${dir} is in use by another process (PID ${process.ppid})`,
  );
  expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(`${process.ppid}\n`);
});

test('a lock left by a dead process, or an unreadable one, is taken over', () => {
  for (const content of [`${spawnSync(process.execPath, ['-e', '']).pid}\n`, '']) {
    const dir = tempDir();
    writeFileSync(path.join(dir, LOCK_FILE), content);
    const lock = lockDataDir(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
    lock.release();
  }
});
