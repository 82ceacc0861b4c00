import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tanstackQuery from '@tanstack/eslint-plugin-query';
import checkFile from 'eslint-plugin-check-file';
import drizzle from 'eslint-plugin-drizzle';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { effectCleanup } from './scripts/eslint/effect-cleanup.js';

/*
 * One flat config: type-aware TypeScript rules plus the layer boundaries
 * (domain <- server, domain <- web, web sees server types only; see
 * docs/architecture.md), so a wrong-way import fails lint.
 */
const featuresOf = (side) =>
  readdirSync(new URL(`./${side}/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/*
 * Web features never import each other: web/app composes them (web/app/routes, web/app/composed), and they
 * share through web/lib, web/hooks and web/components (invalidation through web/lib/query-keys.ts).
 */
const webFeatureZones = featuresOf('web').map((feature) => ({
  target: `./web/features/${feature}`,
  from: './web/features',
  except: [`./${feature}`],
  message: 'Web features never import each other: compose them in web/app, share through web/lib or web/components.',
}));

const webZones = [
  { target: './web/features', from: './web/app', message: 'Features never import the app layer.' },
  { target: './web/components', from: './web/features', message: 'Shared components never import features.' },
  { target: './web/lib', from: './web/features', message: 'lib never imports features.' },
  { target: './web/hooks', from: './web/features', message: 'hooks never import features.' },
  ...webFeatureZones,
];

/*
 * Which server features another may use, always through that feature's service file (its public face,
 * `../<g>/<g>.service.ts`, never its SQL or helpers). One way only: a pair that uses each other fails
 * here, at load. Mechanisms every feature uses (writing notifications, the visibility rule, preferences)
 * live in server/lib. A feature not listed uses none.
 */
const serverFeatureUses = {
  balances: ['friends', 'pots', 'reminders'],
  bets: ['friends', 'limits', 'reminders'],
  challenges: ['bets', 'friends', 'limits'],
  comments: ['friends'],
  feed: ['comments', 'leaderboard'],
  invites: ['friends'],
  // The feed's pot card (ADR 060) is also the profile's pot list; group pots are visible to members (ADR 063).
  pots: ['groups', 'limits', 'feed'],
  notifications: ['bets', 'friends'],
  profile: ['auth', 'friends'],
  users: ['friends', 'profile'],
};
for (const [feature, uses] of Object.entries(serverFeatureUses)) {
  for (const used of uses) {
    if (serverFeatureUses[used]?.includes(feature)) throw new Error(`server features ${feature} and ${used} use each other`);
  }
}
const serverFeatureZones = featuresOf('server').map((feature) => ({
  target: `./server/features/${feature}`,
  from: './server/features',
  except: [`./${feature}`, ...(serverFeatureUses[feature] ?? []).map((used) => `./${used}/${used}.service.ts`)],
  message: 'A server feature reaches another only through its service file, and only one listed for it in serverFeatureUses (eslint.config.js).',
}));

/*
 * Imports that read: anything outside the importing file's folder and its parent goes through the package.json
 * subpath aliases (#domain/…, #server/…, #web/…), never `../../` (ADR 055).
 */
const DEEP_RELATIVE_IMPORTS = 'error';
const deepRelativeImport = {
  regex: '^\\.\\./\\.\\./',
  message: 'Climbing two folders: import through #domain/…, #server/… or #web/… (package.json "imports").',
};

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', '.tsbuild', 'test-results', 'playwright-report', 'server/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX, 'check-file': checkFile, drizzle },
    settings: { 'import-x/ignore': ['node_modules'], 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-default-export': 'error',
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{domain,server,web,e2e,scripts}/**/': 'KEBAB_CASE' }],
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in server/env.ts only.' },
      ],
      'no-restricted-imports': [DEEP_RELATIVE_IMPORTS, { patterns: [deepRelativeImport] }],
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './domain', from: './server', message: 'domain is pure: no server imports.' },
            { target: './domain', from: './web', message: 'domain is pure: no web imports.' },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|vitest$|\\.|#domain/)', message: 'domain imports only zod (and vitest in tests).' }] },
      ],
    },
  },
  {
    // Tests of pure rules may be property-based (the house rule for money and text).
    files: ['domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|vitest$|fast-check$|\\.)', message: 'domain tests import only zod, vitest and fast-check.' }] },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './server', from: './web', message: 'The server never imports the web.' },
            { target: './server/db', from: './server/features', message: 'db/ never imports features.' },
            { target: './server/lib', from: './server/features', message: 'lib/ never imports features.' },
            ...serverFeatureZones,
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: {
      'react-hooks': reactHooks,
      '@tanstack/query': tanstackQuery,
      sidepot: { rules: { 'effect-cleanup': effectCleanup } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // An effect returns a cleanup function or nothing: a returned promise crashed a screen change (ADR 057).
      'sidepot/effect-cleanup': 'error',
      '@tanstack/query/exhaustive-deps': 'error',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '#server/*'],
              allowTypeImports: true,
              message: 'The web may import only types from the server.',
            },
          ],
          paths: [
            {
              name: 'sonner',
              allowTypeImports: true,
              message: "Toasts go through web/lib/toast.ts: it keeps sonner out of the first load and applies the app's toast rules.",
            },
          ],
        },
      ],
      'import-x/no-restricted-paths': ['error', { zones: webZones }],
    },
  },
  {
    // The web's own code never imports its test helpers (web/testing: MSW, render helpers, factories).
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/testing/**', 'web/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webZones,
            { target: './web', from: './web/testing', message: 'Source never imports test code (web/testing).' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/env.ts', 'scripts/**/*.ts', 'e2e/**/*.ts', '*.config.ts', 'server/testing/**/*.ts', 'server/**/*.test.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['*.config.ts', '*.config.js', 'server/drizzle.config.ts', 'e2e/global-*.ts', 'server/testing/global-setup.ts'],
    rules: { 'import-x/no-default-export': 'off' },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
