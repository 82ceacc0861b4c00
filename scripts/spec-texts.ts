import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/*
 * `npm run spec-texts`: how many of the spec's user-visible texts (../shared/spec/ui-texts.txt, one a
 * line) at least one test spells out, and which ones none does. A text counts when a
 * test source (unit, API, web component or e2e) has it as a whole string literal or as an anchored regex
 * (/^text$/) outside a test's title: a test that reads the text from the app's own constants would pass
 * with a typo in them, so the suite writes the spec's words itself.
 *   npm run spec-texts [-- --texts <file>] [-- --list]   (--list also prints the asserted ones)
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_TEXTS = path.resolve(ROOT, '../shared/spec/ui-texts.txt');

export type Suite = 'unit' | 'api' | 'web' | 'e2e';

/** Which suite a repository file belongs to, or null when it is not test code. */
export function suiteOf(file: string): Suite | null {
  const rel = file.split(path.sep).join('/');
  // This script's own test spells spec texts to test the scanner, not the app.
  if (rel === 'scripts/spec-texts.test.ts') return null;
  if (rel.startsWith('e2e/')) return 'e2e';
  if (rel.startsWith('web/testing/') || /\.browser\.test\.tsx?$/.test(rel)) return 'web';
  if (rel.startsWith('server/') && (rel.startsWith('server/testing/') || /\.test\.ts$/.test(rel))) return 'api';
  if (/^(domain|web|scripts)\/.*\.test\.tsx?$/.test(rel)) return 'unit';
  return null;
}

const TITLE_CALLS = new Set(['test', 'it', 'describe', 'step', 'skip', 'only', 'fixme', 'todo']);

/** Whether `node` is the first argument of test('…'), it('…'), test.step('…') and the like. */
function isTestTitle(node: ts.Node): boolean {
  const call = node.parent;
  if (!ts.isCallExpression(call) || call.arguments[0] !== node) return false;
  const callee = call.expression;
  const name = ts.isIdentifier(callee)
    ? callee.text
    : ts.isPropertyAccessExpression(callee)
      ? callee.name.text
      : undefined;
  return name !== undefined && TITLE_CALLS.has(name);
}

/** The text an anchored regex literal matches exactly (/^Won$/ → Won), or null when it is a pattern. */
export function exactRegexText(literal: string): string | null {
  const match = /^\/\^(.*)\$\/[a-z]*$/s.exec(literal);
  if (!match?.[1]) return null;
  const body = match[1];
  // Only escaped punctuation may remain: anything else (classes, groups, quantifiers) is a pattern.
  if (/(^|[^\\])[[\]()*+?{}|]/.test(body)) return null;
  return body.replace(/\\(.)/g, '$1');
}

/** Every string a test source spells out whole (string and template literals, anchored regexes). */
export function literalsIn(source: string, fileName = 'test.ts'): Set<string> {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found = new Set<string>();
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !isTestTitle(node)) {
      found.add(node.text);
    } else if (ts.isJsxText(node)) {
      found.add(node.text.trim());
    } else if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const text = exactRegexText(node.getText(file));
      if (text !== null) found.add(text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (/\.tsx?$/.test(name)) yield full;
  }
}

function readTexts(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

function main(argv: string[]) {
  const textsAt = argv.indexOf('--texts');
  const textsFile = textsAt >= 0 && argv[textsAt + 1] ? path.resolve(argv[textsAt + 1] ?? '') : DEFAULT_TEXTS;
  const texts = readTexts(textsFile);
  const bySuite = new Map<Suite, Set<string>>();
  for (const dir of ['domain', 'server', 'web', 'scripts', 'e2e']) {
    for (const file of sourceFiles(path.join(ROOT, dir))) {
      const suite = suiteOf(path.relative(ROOT, file));
      if (suite === null) continue;
      const literals = literalsIn(readFileSync(file, 'utf8'), file);
      const seen = bySuite.get(suite) ?? new Set<string>();
      for (const literal of literals) seen.add(literal);
      bySuite.set(suite, seen);
    }
  }
  const suitesOf = (text: string) => [...bySuite].filter(([, seen]) => seen.has(text)).map(([suite]) => suite);
  const asserted = texts.filter((text) => suitesOf(text).length > 0);
  const missing = texts.filter((text) => suitesOf(text).length === 0);

  console.log(`Spec texts asserted by at least one test: ${asserted.length} of ${texts.length}`);
  for (const suite of ['unit', 'api', 'web', 'e2e'] as const) {
    const count = texts.filter((text) => bySuite.get(suite)?.has(text)).length;
    console.log(`  ${suite.padEnd(4)} ${count}`);
  }
  if (argv.includes('--list'))
    for (const text of asserted) console.log(`  ✓ ${text}  (${suitesOf(text).join(', ')})`);
  if (missing.length > 0) {
    console.log(`Not asserted by any test (${missing.length}):`);
    for (const text of missing) console.log(`  ✗ ${text}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
