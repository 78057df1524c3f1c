import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The server's imports (docs/ARCHITECTURE.md "Who imports whom"): of the SPA's tree only
 * src/contract, what both sides must agree on; and no service imports another (they talk through
 * interfaces that server/environment.ts hands them). Import circles are madge's part of `npm run lint`.
 */
const SERVICES = ['core', 'legacy', 'medorder'];
const onlyContract = {
  regex: String.raw`^(\.\./)+src/(?!contract(/|$))`,
  message: 'The server imports only src/contract from the SPA: move what both sides need there.',
};
/**
 * One route style: a service declares its routes through server/shared/routes.ts (readRoute,
 * writeRoute, listRoute, ...), which adds the bearer security and the common Japanese errors the
 * same way everywhere. The identity provider and the static site are not bearer-protected
 * services and declare their own.
 */
const ROUTE_HELPERS = ['server/shared/routes.ts', 'server/identity/**/*.ts', 'server/site/**/*.ts'];
const noCreateRoute = {
  name: '@hono/zod-openapi',
  importNames: ['createRoute'],
  message: 'Declare a service route with the helpers of server/shared/routes.ts (readRoute, writeRoute, createRecordRoute, ...); extend them if a route needs more.',
};
const serverImportRules = () => [
  { files: ['server/**/*.ts'], ignores: ROUTE_HELPERS, rules: { 'no-restricted-imports': ['error', { paths: [noCreateRoute], patterns: [onlyContract] }] } },
  { files: ROUTE_HELPERS, rules: { 'no-restricted-imports': ['error', { patterns: [onlyContract] }] } },
  ...SERVICES.map((service) => ({
    files: [`server/services/${service}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noCreateRoute],
          patterns: [
            onlyContract,
            {
              regex: String.raw`^(\.\./)+(services/)?(${SERVICES.filter((other) => other !== service).join('|')})/`,
              message: 'Services do not import each other: take an interface that createEnvironment (server/environment.ts) passes in.',
            },
          ],
        },
      ],
    },
  })),
];

/**
 * The SPA's imports. Calendar days are yyyy-MM-dd strings and instants are edited in Japan time
 * (src/contract/dates.ts): react-admin's own date inputs use the browser's zone and moved days
 * west of Japan. Its EditButton links to /{resource}/{id}, which is our detail page.
 */
const spaPaths = [
  ...['react-admin', 'ra-ui-materialui'].map((name) => ({
    name,
    importNames: ['DateInput', 'DateTimeInput', 'TimeInput'],
    message: 'Use TokyoDateInput (a yyyy-MM-dd day) or TokyoDateTimeInput (an instant in Japan time) from src/app/inputs.',
  })),
  ...['react-admin', 'ra-ui-materialui'].map((name) => ({
    name,
    importNames: ['EditButton'],
    message: "react-admin's EditButton links to /{resource}/{id}, which is our detail page: use EditLinkButton (src/resources/schema/show).",
  })),
];
/**
 * The SPA's folders (docs/ARCHITECTURE.md "Who imports whom"): the masters' screens
 * (src/resources) do not import the custom routes' screens (what both use lives in src/features
 * or lower); the contract (src/contract) stands alone, importing only itself and libraries, so
 * the server can take it whole.
 */
const noCustomRoutes = {
  regex: String.raw`^(\.\./)+customRoutes(/|$)`,
  message: 'src/resources does not import src/customRoutes: move what both need down (src/features, src/app, src/lib).',
};
const outOfContract = (depth) => ({
  regex: String.raw`^(\.\./){${depth},}`,
  message: 'src/contract imports nothing from the SPA or the server: it stands alone (both sides import it).',
});
const spaImportRules = () => [
  { files: ['**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { paths: spaPaths }] } },
  { files: ['src/resources/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { paths: spaPaths, patterns: [noCustomRoutes] }] } },
  // One config per depth: a file n folders below src/contract leaves it with n + 1 `../`.
  ...[1, 2, 3].map((depth) => ({
    files: [`src/contract/${'*/'.repeat(depth - 1)}*.ts`],
    rules: { 'no-restricted-imports': ['error', { paths: spaPaths, patterns: [outOfContract(depth)] }] },
  })),
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'bench/.out'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.mjs', 'src/shims/*.cjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...spaImportRules(),
  ...serverImportRules(),
  {
    // One route style, typed answers: what TypeScript cannot derive goes through the one adapter.
    files: ['server/**/*.ts'],
    ignores: ['server/shared/typeAdapters.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSAsExpression > TSNeverKeyword.typeAnnotation',
          message: 'No `as never` in server/: type the value, or state the type through server/shared/typeAdapters.ts (and say why there).',
        },
        {
          selector: 'TSAsExpression > TSAsExpression.expression > TSUnknownKeyword.typeAnnotation',
          message: 'No `as unknown as` in server/: type the value, or state the type through server/shared/typeAdapters.ts (and say why there).',
        },
        {
          // A route object written inline (`app.openapi({ method, path, responses }, ...)`) is a second route style.
          selector: "CallExpression[callee.property.name='openapi'] > ObjectExpression > Property[key.name='responses']",
          message: 'Declare the route with a helper of server/shared/routes.ts, then pass it to app.openapi.',
        },
      ],
    },
  },
  {
    // Playwright fixtures take an empty destructuring and a `use` callback that is not a React hook.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
);
