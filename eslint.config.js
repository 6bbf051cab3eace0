import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { importBoundaries } from "./eslint/import-boundaries.js";

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
    files: ["src/**/*.ts", "src/**/*.tsx"],
    plugins: { staywise: { rules: { "import-boundaries": importBoundaries } } },
    rules: { "staywise/import-boundaries": "error" },
  },
);
