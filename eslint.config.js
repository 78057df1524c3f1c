import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The server's imports (docs/ARCHITECTURE.md "The layers"): of the SPA's tree only src/contract,
 * what both sides must agree on; and no service imports another (they talk through interfaces
 * that server/environment.ts hands them). Import circles are madge's part of `npm run lint`.
 */
const SERVICES = ['core', 'legacy', 'medorder'];
const onlyContract = {
  regex: String.raw`^(\.\./)+src/(?!contract(/|$))`,
  message: 'The server imports only src/contract from the SPA: move what both sides need there.',
};
const serverImportRules = () => [
  { files: ['server/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [onlyContract] }] } },
  ...SERVICES.map((service) => ({
    files: [`server/services/${service}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
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

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'bench/.out'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.mjs'],
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
  {
    // Calendar days are yyyy-MM-dd strings and instants are edited in Japan time (src/contract/dates.ts):
    // react-admin's own date inputs use the browser's zone and moved days west of Japan.
    files: ['**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
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
      ],
    },
  },
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
      ],
    },
  },
  {
    // Playwright fixtures take an empty destructuring and a `use` callback that is not a React hook.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
);
