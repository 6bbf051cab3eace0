import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist", "data", "node_modules", "drizzle"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["src/client/**/*.tsx", "src/client/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The client learns the API's shapes only through the typed client (decision 016).
    files: ["src/client/**/*.tsx", "src/client/**/*.ts"],
    ignores: ["src/client/api/client.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: ["**/server/**"], message: "Use the typed client in src/client/api/ (decision 016)." }] }] },
  },
);
