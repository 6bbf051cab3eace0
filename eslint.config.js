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
  {
    // Temporary: these take `import type` from server services until the typed client in
    // src/client/api/ (issue 13) serves their types; remove each file as it moves over.
    files: [
      "src/client/features/admin/api-settings-form.tsx",
      "src/client/features/admin/api-settings-page.tsx",
      "src/client/features/admin/booking-management.tsx",
      "src/client/features/admin/dashboard-stat-cards.tsx",
      "src/client/features/admin/refund-booking-dialog.tsx",
      "src/client/features/admin/revenue-chart.tsx",
      "src/client/features/admin/stuck-cases.tsx",
      "src/client/features/admin/use-admin-bookings.ts",
      "src/client/features/admin/use-admin-dashboard.ts",
      "src/client/features/admin/use-admin-users.ts",
      "src/client/features/admin/use-api-settings.ts",
      "src/client/features/admin/user-actions.tsx",
      "src/client/features/admin/user-management-page.tsx",
      "src/client/features/home/site-figures.tsx",
      "src/client/features/home/use-site-stats.ts",
    ],
    rules: { "staywise/import-boundaries": ["error", { allowServerTypes: true }] },
  },
);
