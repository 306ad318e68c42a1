// ESLint (flat config), run by `npm run lint` and by .ci/run before the tests: the recommended
// rules of ESLint and typescript-eslint over the project's TypeScript, zero warnings on main.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'data/',
      '.wrangler/',
      'test/.fixture/',
      'worker-configuration.d.ts',
      'dist/',
      // Written by openapi-typescript (npm run client:generate).
      'clients/typescript/src/schema.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // Tests read parsed XML and JSON documents whose shape is the subject of the test.
      '@typescript-eslint/no-explicit-any': 'off',
      // Control characters in regular expressions are the point where they appear: stored text and
      // XML output drop the characters XML 1.0 cannot carry (src/render/xml.ts, src/annotations/personal/input.ts).
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // The reading site's scripts run in the browser as classic scripts (public/assets); these are
    // the browser globals they use.
    files: ['public/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: {
        document: 'readonly',
        fetch: 'readonly',
        FormData: 'readonly',
        localStorage: 'readonly',
        setTimeout: 'readonly',
        window: 'readonly',
      },
    },
  },
);
