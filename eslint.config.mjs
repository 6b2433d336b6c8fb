// The import rules of GUIDE.md are enforced here; test/unit/lint-rules.test.ts proves they bite.
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Words staff read come from the catalogues (src-renderer/i18n/), in their language; never bare in JSX.
const WORDS = '/[A-Za-z]{2,}/'
const FROM_CATALOGUE = "Words on screen come from the catalogues: t('id') with the id in src-renderer/i18n/en.ts and ms.ts."
const bareWords = [
  { selector: `JSXText[value=${WORDS}]`, message: FROM_CATALOGUE },
  {
    selector: `JSXAttribute[name.name=/^(label|title|placeholder|alt|hint|lead|legend|submitLabel|busyLabel|aria-label|aria-description)$/] > Literal[value=${WORDS}]`,
    message: FROM_CATALOGUE,
  },
  { selector: `JSXElement > JSXExpressionContainer > Literal[value=${WORDS}]`, message: FROM_CATALOGUE },
  { selector: `JSXElement > JSXExpressionContainer > :matches(ConditionalExpression, LogicalExpression) > Literal[value=${WORDS}]`, message: FROM_CATALOGUE },
  { selector: `JSXElement > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=${WORDS}]`, message: FROM_CATALOGUE },
]

const electronOnlyInGlue = {
  name: 'electron',
  message: "Only src-main/electron/ (and the preload) may import 'electron'; everything else runs under plain Node.",
}

export default tseslint.config(
  { ignores: ['out/**', 'native/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': ['error', { paths: [electronOnlyInGlue] }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    // The glue is the one place in main that talks to Electron.
    files: ['src-main/electron/**', 'src-preload/index.ts', 'test/unit/electron/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The renderer is untrusted web content: no Node, no Electron, nothing from main, and from the
    // preload only the contract's types.
    files: ['src-renderer/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyInGlue],
          patterns: [
            {
              regex: '^(node:|(fs|path|os|child_process|crypto|net|http|https|url|worker_threads)$)',
              message: 'The renderer has no Node.js.',
            },
            { regex: '(^|/)src-main(/|$)', message: 'The renderer imports nothing from src-main; it talks to main through window.api.' },
            {
              regex: '(^|/)src-preload/(?!contract$)',
              message: 'From the preload the renderer imports only the contract.',
            },
            {
              regex: '(^|/)src-preload/contract$',
              allowTypeImports: true,
              message: 'The renderer imports only types from the contract (import type …).',
            },
          ],
        },
      ],
    },
  },
  {
    // No bare words in the renderer's JSX: every screen speaks from the catalogues.
    files: ['src-renderer/**/*.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...bareWords] },
  },
  {
    // Shared by main and the renderer: plain TypeScript with no Node, no DOM, no Electron, and nothing
    // from either side.
    files: ['src-common/**'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyInGlue],
          patterns: [
            { regex: '^(node:|(fs|path|os|child_process|crypto|net|http|https|url|worker_threads)$)', message: 'src-common runs in the renderer too: no Node.js.' },
            { regex: '(^|/)src-(main|renderer|preload)(/|$)', message: 'src-common imports nothing from main, the preload or the renderer.' },
          ],
        },
      ],
    },
  },
)
