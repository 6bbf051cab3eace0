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

  it("layers the server: services never import routes/, http/ or middleware/", async () => {
    const route = 'import { bookingRoutes } from "../routes/bookings.ts";\nbookingRoutes();\n';
    expect(await boundaryErrors("src/server/services/x.ts", route)).toEqual([
      expect.stringContaining("src/server/services/ imports src/server/routes/"),
    ]);
    expect(
      await boundaryErrors("src/server/services/bookings/x.ts", 'import { ApiError } from "../../http/errors.ts";\nApiError();\n'),
    ).toHaveLength(1);
    expect(
      await boundaryErrors("src/server/services/x.ts", 'import type { AppEnv } from "../http/types.ts";\nexport type E = AppEnv;\n'),
    ).toHaveLength(1);
    expect(
      await boundaryErrors("src/server/services/x.ts", 'import { requireUser } from "../middleware/session.ts";\nrequireUser();\n'),
    ).toHaveLength(1);
    expect(
      await boundaryErrors("src/server/services/x.ts", 'import { HotelSchema } from "../contract/hotels.ts";\nHotelSchema();\n'),
    ).toHaveLength(1);
    const below = [
      'import { findBooking } from "./bookings/queries.ts";',
      'import { bookings } from "../db/schema.ts";',
      'import { createSmtpTransport } from "../integrations/mailer.ts";',
      'import { DomainError } from "../domain-error.ts";',
      'import type { Auth } from "../auth/auth.ts";',
      "console.log(findBooking, bookings, createSmtpTransport, DomainError);",
      "export type A = Auth;",
      "",
    ].join("\n");
    expect(await boundaryErrors("src/server/services/x.ts", below)).toEqual([]);
    // auth/ calls the services from its hooks: a service takes only its type.
    expect(await boundaryErrors("src/server/services/x.ts", 'import { createAuth } from "../auth/auth.ts";\ncreateAuth();\n')).toHaveLength(
      1,
    );
  });

  it("keeps db/ at the bottom: it imports no other layer", async () => {
    for (const source of [
      "../services/loyalty.ts",
      "../http/errors.ts",
      "../routes/hotels.ts",
      "../middleware/session.ts",
      "../integrations/mailer.ts",
    ]) {
      expect(await boundaryErrors("src/server/db/x.ts", `import { a } from "${source}";\na();\n`), source).toEqual([
        expect.stringContaining("src/server/db/ imports"),
      ]);
    }
    expect(
      await boundaryErrors("src/server/db/seed/x.ts", 'import type { Auth } from "../../auth/auth.ts";\nexport type A = Auth;\n'),
    ).toHaveLength(1);
    const own =
      'import { a } from "./client.ts";\nimport { b } from "../request-context.ts";\nimport { c } from "../../shared/dates.ts";\nconsole.log(a, b, c);\n';
    expect(await boundaryErrors("src/server/db/x.ts", own)).toEqual([]);
  });

  it("places integrations/, auth/, contract/, http/ and the kernel files in the layers", async () => {
    // Adapters implement ports the services define: types only.
    expect(
      await boundaryErrors(
        "src/server/integrations/x.ts",
        'import type { MailTransport } from "../services/email-outbox.ts";\nexport type M = MailTransport;\n',
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        "src/server/integrations/payments/x.ts",
        'import { queueEmail } from "../../services/email-outbox.ts";\nqueueEmail();\n',
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors("src/server/auth/x.ts", 'import { logActivity } from "../services/activity-log.ts";\nlogActivity();\n'),
    ).toEqual([]);
    expect(await boundaryErrors("src/server/auth/x.ts", 'import { apiRouter } from "../http/openapi.ts";\napiRouter();\n')).toHaveLength(1);
    expect(
      await boundaryErrors("src/server/contract/x.ts", 'import { bookings } from "../db/schema.ts";\nconsole.log(bookings);\n'),
    ).toHaveLength(1);
    // contract/ builds its schemas with http/'s OpenAPI kit; http/ never reads contract/ back.
    expect(await boundaryErrors("src/server/contract/x.ts", 'import { orNull } from "../http/openapi.ts";\norNull();\n')).toEqual([]);
    expect(
      await boundaryErrors("src/server/http/x.ts", 'import { HotelSchema } from "../contract/hotels.ts";\nHotelSchema();\n'),
    ).toHaveLength(1);
    expect(
      await boundaryErrors("src/server/http/x.ts", 'import { requireUser } from "../middleware/session.ts";\nrequireUser();\n'),
    ).toHaveLength(1);
    expect(await boundaryErrors("src/server/config.ts", 'import { openDatabase } from "./db/client.ts";\nopenDatabase();\n')).toEqual([
      expect.stringContaining("a kernel file imports src/server/db/"),
    ]);
    expect(
      await boundaryErrors("src/server/middleware/x.ts", 'import { hotelRoutes } from "../routes/hotels.ts";\nhotelRoutes();\n'),
    ).toHaveLength(1);
    expect(await boundaryErrors("src/server/routes/x.ts", 'import { createApp } from "../app.ts";\ncreateApp();\n')).toHaveLength(1);
  });

  it("lets routes use every layer below them, and entry points and tests use anything", async () => {
    const route = [
      'import { bookingDeps } from "../deps.ts";',
      'import { apiRouter } from "../http/openapi.ts";',
      'import { requireUser } from "../middleware/session.ts";',
      'import { BookingSchema } from "../contract/bookings.ts";',
      'import { findBooking } from "../services/bookings/queries.ts";',
      'import { queryRows } from "../db/client.ts";',
      "console.log(bookingDeps, apiRouter, requireUser, BookingSchema, findBooking, queryRows);",
      "",
    ].join("\n");
    expect(await boundaryErrors("src/server/routes/x.ts", route)).toEqual([]);
    expect(await boundaryErrors("src/server/main.ts", 'import { seedDemoIfEmpty } from "./demo/demo.ts";\nseedDemoIfEmpty();\n')).toEqual(
      [],
    );
    expect(
      await boundaryErrors("src/server/db/x.test.ts", 'import { ensureUser } from "../services/accounts.ts";\nensureUser();\n'),
    ).toEqual([]);
  });

  it("asks for a new server folder to be placed in the layers", async () => {
    expect(await boundaryErrors("src/server/jobs/x.ts", "export const a = 1;\n")).toEqual([
      expect.stringContaining("src/server/jobs/ has no place"),
    ]);
  });
});
