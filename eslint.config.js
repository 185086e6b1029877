// @ts-check
/**
 * One type-aware lint over every workspace (ESLint 9 flat config, typescript-eslint `projectService`).
 *
 * Boundaries of the web app follow bulletproof-react: `src/app` → `src/features/<feature>` → shared
 * `src/components|hooks|lib|config|…`. Features never import each other; the zones are generated from
 * the folders that exist when ESLint starts, so a new feature is covered without touching this file. The
 * console (`features/console`) is split further into desks that do not import each other either.
 */
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const webSrc = path.join(root, 'apps/web/src');

/** Sub-folders of a directory (none when it does not exist yet). */
function listDirs(dir) {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
}

/** Shared layers of the web app: they may import each other, never a feature or the app shell. */
const WEB_SHARED = [
  'components',
  'hooks',
  'lib',
  'config',
  'types',
  'utils',
  'stores',
  'testing',
  'assets',
  'locales',
  'theme',
];

/**
 * The operator console is one feature split into desks (decision 035): `features/console/<desk>` imports
 * only itself and `features/console/shell` (layout, navigation, shared console widgets); the shell imports
 * no desk; the console's root file composes them. Desks are generated from the folders, like features.
 */
const consoleDir = path.join(webSrc, 'features', 'console');
const CONSOLE_SHELL = 'shell';
const consoleZones = [
  ...listDirs(consoleDir)
    .filter((desk) => desk !== CONSOLE_SHELL)
    .map((desk) => ({
      target: path.join(consoleDir, desk),
      from: consoleDir,
      except: [`./${desk}`, `./${CONSOLE_SHELL}`],
      message: `Console desks do not import each other (nor the console's root); share through features/console/${CONSOLE_SHELL}.`,
    })),
  {
    target: path.join(consoleDir, CONSOLE_SHELL),
    from: consoleDir,
    except: [`./${CONSOLE_SHELL}`],
    message: 'The console shell imports no desk; the console root (console-app.tsx) composes the desks.',
  },
];

const webZones = [
  // features/<a> must not import features/<b>
  ...listDirs(path.join(webSrc, 'features')).map((feature) => ({
    target: path.join(webSrc, 'features', feature),
    from: path.join(webSrc, 'features'),
    except: [`./${feature}`],
    message: 'Features do not import each other; compose them in a route file under src/app.',
  })),
  ...consoleZones,
  {
    target: path.join(webSrc, 'features'),
    from: path.join(webSrc, 'app'),
    message: 'Features must not import the app shell (src/app); the dependency goes the other way.',
  },
  {
    target: WEB_SHARED.map((dir) => path.join(webSrc, dir)),
    from: [path.join(webSrc, 'features'), path.join(webSrc, 'app')],
    message: 'Shared code must not import features or the app shell.',
  },
];

/** `process.env` is read once, in `env.ts`, and parsed with zod. */
const processEnvSelectors = [
  {
    selector: "MemberExpression[object.name='process'][property.name='env']",
    message: 'Read configuration from env.ts (parsed once with zod), not process.env.',
  },
  {
    selector: "MemberExpression[object.name='process'][computed=true][property.value='env']",
    message: 'Read configuration from env.ts (parsed once with zod), not process.env.',
  },
  {
    selector: "VariableDeclarator[init.name='process'] > ObjectPattern > Property[key.name='env']",
    message: 'Read configuration from env.ts (parsed once with zod), not process.env.',
  },
  {
    selector: "ImportDeclaration[source.value=/^(node:)?process$/] ImportSpecifier[imported.name='env']",
    message: 'Read configuration from env.ts (parsed once with zod), not process.env.',
  },
];

const tsFiles = ['**/*.{ts,tsx,mts,cts}'];
const toolConfigFiles = ['**/*.config.{ts,mts,cts,js,mjs,cjs}', '**/build.{mjs,js,ts}'];

export default defineConfig(
  {
    name: 'portal/ignores',
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/build/**',
      '**/coverage/**',
      '**/data/**',
      '**/.vite/**',
      '**/drizzle/**',
      '**/migrations/**',
      'e2e/artifacts/**',
      'bench/results/**',
      'bench/reference/.build/**',
      '**/*.d.ts',
    ],
  },

  // Every file: the base recommendations.
  js.configs.recommended,

  // TypeScript: type-aware, one project per workspace found through its tsconfig.json.
  {
    name: 'portal/typescript',
    files: tsFiles,
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: root,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
          project: ['packages/*/tsconfig.json', 'apps/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'separate-type-imports' },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        // `onClick={async () => …}` and `onSubmit={handleSubmit(…)}` are fine in JSX.
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      // Fastify handlers and plugins are async by contract; an `async` function without `await` is idiomatic there.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true, allowNullish: true },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
    },
  },

  // Plain JavaScript (scripts, this file): no type information.
  {
    name: 'portal/javascript',
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    name: 'portal/commonjs',
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },

  // Tool configuration files (vite, vitest, drizzle, build scripts) are not part of any workspace's
  // program: lint them syntactically only.
  {
    name: 'portal/tool-configs',
    files: toolConfigFiles,
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: {
      'import-x/no-cycle': 'off',
    },
  },

  // API: configuration comes from env.ts only.
  {
    name: 'portal/api-env',
    files: ['apps/api/**/*.{ts,mts,cts,js,mjs}'],
    ignores: ['**/env.ts'],
    rules: { 'no-restricted-syntax': ['error', ...processEnvSelectors] },
  },

  // Application code logs through pino (server) or Sentry (browser), never the console.
  {
    name: 'portal/no-console',
    files: ['apps/*/src/**/*.{ts,tsx}'],
    rules: { 'no-console': 'error' },
  },

  // Web app: browser globals, hooks rules, one-way imports.
  {
    name: 'portal/web',
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: webZones }],
    },
  },

  // Tests: expect() chains and fixtures are loosely typed by design.
  {
    name: 'portal/tests',
    files: ['**/*.test.{ts,tsx}', '**/*.spec.{ts,tsx}', '**/test/**/*.{ts,tsx}', '**/tests/**/*.{ts,tsx}'],
    rules: {
      // `expect(obj.method)` is how spies are asserted.
      '@typescript-eslint/unbound-method': 'off',
      // `inject(...).json()` and parsed fixtures are `any` by design; the assertions check their shape.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },

  // API tests share a worker's modules across files (isolate: false, decision 037): a module mock or a
  // stubbed global would leak into the next file, so the server's ports are passed in, never mocked.
  {
    name: 'portal/api-tests-no-module-mocks',
    files: ['apps/api/test/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubGlobal', 'stubEnv'].map((property) => ({
          object: 'vi',
          property,
          message: 'API test files share modules (decision 037): pass a port or an option instead.',
        })),
      ],
    },
  },
);
