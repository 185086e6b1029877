// @ts-check
/**
 * One type-aware lint over every workspace (ESLint 9 flat config, typescript-eslint `projectService`).
 *
 * CommonJS on purpose: the root package.json has no `"type": "module"`, and an ESM `.js` here would make
 * Node re-parse it with a warning on every run.
 *
 * Boundaries of the web app follow bulletproof-react: `src/app` → `src/features/<feature>` → shared
 * `src/components|hooks|lib|config|…`. Features never import each other; the zones are generated from
 * the folders that exist when ESLint starts, so a new feature is covered without touching this file.
 */
const fs = require('node:fs');
const path = require('node:path');
const js = require('@eslint/js');
const globals = require('globals');
const tseslint = require('typescript-eslint');
const { defineConfig } = require('eslint/config');
const { importX } = require('eslint-plugin-import-x');
const { createTypeScriptImportResolver } = require('eslint-import-resolver-typescript');
const reactHooks = require('eslint-plugin-react-hooks');

const root = __dirname;
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

const webZones = [
  // features/<a> must not import features/<b>
  ...listDirs(path.join(webSrc, 'features')).map((feature) => ({
    target: path.join(webSrc, 'features', feature),
    from: path.join(webSrc, 'features'),
    except: [`./${feature}`],
    message: 'Features do not import each other; compose them in a route file under src/app.',
  })),
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

module.exports = defineConfig(
  {
    name: 'portal/ignores',
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
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
    files: ['**/*.cjs', 'eslint.config.js'],
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
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
