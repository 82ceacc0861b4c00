import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, expect, test } from 'vitest';
import { effectCleanup } from './effect-cleanup.js';

// Each line marked `// refused` must be reported, and no other: the crash's shape (ADR 057) first.
const SOURCE = `
declare function useEffect(effect: () => unknown, deps?: unknown[]): void;
declare function useLayoutEffect(effect: () => unknown, deps?: unknown[]): void;
declare const onDone: () => void;
declare function subscribe(): () => void;
declare const y: number | undefined;

useLayoutEffect(() => {
  if (y !== undefined) return window.scrollTo(0, y); // refused
}, []);
useEffect(() => onDone(), []); // refused
useEffect(async () => { await fetch('/'); }, []); // refused
useEffect(() => { return 1; }, []); // refused
useEffect(onDone, []); // refused

useEffect(() => subscribe(), []);
useEffect(() => { const stop = subscribe(); return () => stop(); }, []);
useEffect(() => { window.scrollTo(0, 0); }, []);
useEffect(() => { if (y === undefined) return; onDone(); }, []);
useEffect(() => { const five = () => 5; five(); }, []);
`;

const dir = mkdtempSync(path.join(os.tmpdir(), 'effect-cleanup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('an effect callback that returns a void call, a value or a promise is refused; one returning a cleanup or nothing is not', async () => {
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { strict: true, target: 'ES2022', lib: ['ES2022', 'DOM'], noEmit: true },
      include: ['*.ts'],
    }),
  );
  const file = path.join(dir, 'effects.ts');
  writeFileSync(file, SOURCE);
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: {
          parser: tseslint.parser,
          parserOptions: { project: './tsconfig.json', tsconfigRootDir: dir },
        },
        plugins: { sidepot: { rules: { 'effect-cleanup': effectCleanup } } },
        rules: { 'sidepot/effect-cleanup': 'error' },
      },
    ],
  });
  const [result] = await eslint.lintFiles([file]);
  const reported = (result?.messages ?? []).map((message) => {
    expect(message.ruleId).toBe('sidepot/effect-cleanup');
    return message.line;
  });
  const refused = SOURCE.split('\n').flatMap((line, index) =>
    line.includes('// refused') ? [index + 1] : [],
  );
  expect(refused).toHaveLength(5);
  expect(reported).toEqual(refused);
  // Type-aware linting builds a TypeScript program first: seconds on a busy machine.
}, 30_000);
