/** @type {import('eslint').Linter.Config} */
module.exports = {
  root: true,
  parserOptions: { ecmaVersion: 'latest', sourceType: 'module', ecmaFeatures: { jsx: true } },
  env: { browser: true, commonjs: true, es6: true, node: true },
  ignorePatterns: [
    '!**/.server',
    '!**/.client',
    'build/',
    'public/build/',
    'node_modules/',
    'test-results/',
    'playwright-report/',
  ],
  extends: ['eslint:recommended'],
  overrides: [
    {
      files: ['**/*.{js,jsx,ts,tsx,mjs}'],
      plugins: ['react', 'jsx-a11y'],
      extends: [
        'plugin:react/recommended',
        'plugin:react/jsx-runtime',
        'plugin:react-hooks/recommended',
        'plugin:jsx-a11y/recommended',
      ],
      settings: {
        react: { version: 'detect' },
        formComponents: ['Form'],
        linkComponents: [
          { name: 'Link', linkAttribute: 'to' },
          { name: 'NavLink', linkAttribute: 'to' },
        ],
      },
      rules: { 'react/prop-types': 'off' },
    },
    {
      files: ['**/*.{ts,tsx}'],
      plugins: ['@typescript-eslint'],
      parser: '@typescript-eslint/parser',
      extends: ['plugin:@typescript-eslint/recommended'],
      rules: {
        '@typescript-eslint/no-unused-vars': [
          'error',
          { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
        ],
        '@typescript-eslint/consistent-type-imports': [
          'error',
          { fixStyle: 'inline-type-imports' },
        ],
      },
    },
    // The domain stands below the pages: lib/ never imports a component or a route (React and
    // routes import lib/, never the other way). Tests may drive a route's loader from beside the code.
    {
      files: ['app/lib/**'],
      excludedFiles: ['**/*.test.{ts,tsx}'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['~/components/*', '~/routes/*', '**/components/*', '**/routes/*'],
                message: 'app/lib/ stands below the pages: move what both need into app/lib/.',
              },
            ],
          },
        ],
      },
    },
    { files: ['.eslintrc.cjs'], env: { node: true } },
    // Playwright fixtures hand values on through a callback named `use`, which is not React's hook.
    { files: ['e2e/**'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
  ],
}
