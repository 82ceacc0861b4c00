import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { routePreloads } from './route-preloads.ts';

function buildRoot(manifest: unknown): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sidepot-preloads-'));
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(path.join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return root;
}

// The shape of Vite's build manifest: the entry and two screens sharing a chunk with it and with each other.
const root = buildRoot({
  'main.tsx': { file: 'assets/index-a.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-b.js' },
  '_card.js': { file: 'assets/card-c.js', imports: ['_react.js'] },
  'app/routes/profile.tsx': { file: 'assets/profile-d.js', imports: ['_card.js', '_react.js'] },
  'app/routes/signup.tsx': { file: 'assets/signup-e.js', imports: ['_react.js'] },
  'app/routes/bet.tsx': { file: 'assets/bet-f.js', imports: ['_card.js'] },
});
const preloads = routePreloads(root);
const tag = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;

test("a screen's URL preloads its chunk and static imports, not what the shell already loads", () => {
  expect(preloads('/profile')).toBe(tag('assets/profile-d.js') + tag('assets/card-c.js'));
  expect(preloads('/profile/')).toBe(preloads('/profile'));
});

test('/ is the sign-up screen and /bets/<id> the bet screen, as the router has them', () => {
  expect(preloads('/')).toBe(tag('assets/signup-e.js'));
  expect(preloads('/bets/123')).toBe(tag('assets/bet-f.js') + tag('assets/card-c.js'));
});

test('a URL without a screen module of its own preloads nothing', () => {
  expect(preloads('/no-such-screen')).toBe('');
  expect(preloads('/Profile')).toBe('');
  expect(preloads('/main.tsx')).toBe('');
});

test('a build without a usable manifest preloads nothing', () => {
  expect(routePreloads(buildRoot({}))('/profile')).toBe('');
  expect(routePreloads(buildRoot({ broken: true }))('/profile')).toBe('');
  expect(routePreloads(os.tmpdir())('/profile')).toBe('');
});
