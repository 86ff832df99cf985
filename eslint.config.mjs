// ESLint over every JavaScript file of the repository: `.ci/node/node_modules/.bin/eslint .`
// (.ci/run installs the pinned eslint, @eslint/js and globals into .ci/node).
import { createRequire } from "node:module";

// The tools live in .ci/node, not in a node_modules beside this file: resolve from there
// (a node_modules further up, e.g. one a developer installed at the root, works too).
const require = createRequire(new URL("./.ci/node/", import.meta.url));
const js = require("@eslint/js");
const globals = require("globals");

export default [
  {
    // what .gitignore keeps out: environments, downloads, builds and tools' output
    ignores: [
      ".venv/**", "venv/**", ".ci/**", ".site-cache/**", "_site/**", "build/**", "dist/**",
      "**/*.egg-info/**", "benchmarks/out/**", "screenshots/**", "test-results/**",
    ],
  },
  js.configs.recommended,
  {
    // the front end: anywidget modules (export default { render }) and the tables' and the
    // class's page modules, loaded by the browser as ES modules
    files: ["widgets/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
  },
  {
    // the static site's service worker (scripts/build_site.py fills in its file list)
    files: ["site/offline_worker.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      globals: { ...globals.serviceworker },
    },
  },
  {
    // build steps run by Node (site/run_in_pyodide.mjs) and this file
    files: ["**/*.mjs"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.node },
    },
  },
];
