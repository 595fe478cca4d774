// ESLint for the TypeScript front end and the Node scripts and tests. The page runs under a strict CSP, so code that
// evaluates strings (eval, new Function, string timers) is an error everywhere.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const strictCsp = {
  'no-eval': 'error',
  'no-implied-eval': 'error',
  'no-new-func': 'error',
  'no-script-url': 'error',
};

export default tseslint.config(
  { ignores: ['node_modules/', 'build/', 'dist/', 'web/generated/', 'screenshots/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: {
        window: 'readonly',
        document: 'readonly',
        self: 'readonly',
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        requestAnimationFrame: 'readonly',
        performance: 'readonly',
        navigator: 'readonly',
        location: 'readonly',
        DOMPoint: 'readonly',
        DOMException: 'readonly',
        Blob: 'readonly',
        structuredClone: 'readonly',
        queueMicrotask: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        WebAssembly: 'readonly',
        fetch: 'readonly',
        getComputedStyle: 'readonly',
        matchMedia: 'readonly',
        localStorage: 'readonly',
        globalThis: 'readonly',
        Buffer: 'readonly',
        MessageChannel: 'readonly',
        HTMLElement: 'readonly',
        customElements: 'readonly',
        Event: 'readonly',
        CustomEvent: 'readonly',
        PerformanceObserver: 'readonly',
        MutationObserver: 'readonly',
      },
    },
    rules: {
      ...strictCsp,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
);
