import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// Lints snippets as if they stood at the given paths, through the project's own eslint.config.js,
// so a rule that stopped applying to a folder fails here.
const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === "staywise/import-boundaries").map((message) => message.message);
}

describe("import boundaries", () => {
  it("keeps features apart, static or lazy", async () => {
    expect(
      await boundaryErrors("src/client/features/home/x.tsx", 'import { SearchForm } from "../search/search-form.tsx";\nSearchForm();\n'),
    ).toEqual([expect.stringContaining("Feature 'home' imports feature 'search'")]);
    expect(
      await boundaryErrors("src/client/features/home/x.tsx", 'export const page = () => import("../search/search-results.tsx");\n'),
    ).toHaveLength(1);
    expect(await boundaryErrors("src/client/features/admin/sub/x.ts", 'export { x } from "../../booking/booking-api.ts";\n')).toHaveLength(
      1,
    );
  });

  it("lets a feature use its own files, components, lib and shared", async () => {
    const code = [
      'import { a } from "./a.ts";',
      'import { b } from "../../components/ui/button.tsx";',
      'import { c } from "../../lib/format.ts";',
      'import { d } from "../../../shared/dates.ts";',
      'import { e } from "react";',
      "console.log(a, b, c, d, e);",
      "",
    ].join("\n");
    expect(await boundaryErrors("src/client/features/booking/x.tsx", code)).toEqual([]);
    expect(await boundaryErrors("src/client/features/admin/sub/x.ts", 'import { a } from "../pager.tsx";\na();\n')).toEqual([]);
  });

  it("keeps app/ out of features and features and app/ out of components and lib", async () => {
    expect(await boundaryErrors("src/client/features/booking/x.ts", 'import { useAuth } from "../../app/auth.tsx";\nuseAuth();\n')).toEqual(
      [expect.stringContaining("does not import src/client/app/")],
    );
    expect(await boundaryErrors("src/client/components/x.ts", 'import { y } from "../features/search/y.ts";\ny();\n')).toHaveLength(1);
    expect(await boundaryErrors("src/client/lib/x.ts", 'import { y } from "../app/router.tsx";\ny();\n')).toHaveLength(1);
    expect(await boundaryErrors("src/client/app/x.ts", 'import { y } from "../features/search/y.ts";\ny();\n')).toEqual([]);
  });

  it("keeps server code out of the client; only the typed client may import its types", async () => {
    const valueImport = 'import { createApp } from "../../../server/app.ts";\ncreateApp();\n';
    const typeImport = 'import type { AppType } from "../../server/app.ts";\nexport type A = AppType;\n';
    expect(await boundaryErrors("src/client/features/booking/x.ts", valueImport)).toEqual([
      expect.stringContaining("never imports server"),
    ]);
    expect(await boundaryErrors("src/client/lib/x.ts", typeImport)).toHaveLength(1);
    // `import { type X }` still loads the module under verbatimModuleSyntax.
    expect(
      await boundaryErrors("src/client/api/x.ts", 'import { type AppType } from "../../server/app.ts";\nexport type A = AppType;\n'),
    ).toHaveLength(1);
    expect(await boundaryErrors("src/client/api/x.ts", typeImport)).toEqual([]);
  });

  it("lets src/shared import only packages and src/shared", async () => {
    expect(
      await boundaryErrors("src/shared/x.ts", 'import { z } from "zod";\nimport { a } from "./dates.ts";\nconsole.log(z, a);\n'),
    ).toEqual([]);
    expect(await boundaryErrors("src/shared/x.ts", 'import { a } from "../server/config.ts";\na();\n')).toEqual([
      expect.stringContaining("src/shared imports only"),
    ]);
    expect(await boundaryErrors("src/shared/x.ts", 'import type { A } from "../client/lib/api.ts";\nexport type B = A;\n')).toHaveLength(1);
    expect(await boundaryErrors("src/shared/x.ts", 'import data from "../../package.json";\nconsole.log(data);\n')).toHaveLength(1);
  });
});
