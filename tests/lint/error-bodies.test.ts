import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Every error answer of the server is built by `errorResponse` in src/server/http/errors.ts from a
// DomainError, so its status and default message come from the one error table. This scan finds the
// ways around it: a `{ code, ... }` body handed to `c.json()` / `Response.json()` / `JSON.stringify()`,
// and a route raising an HTTP-level error of its own (`ApiError`, `HTTPException`).
const ROOT = path.resolve(import.meta.dirname, "../..");
const BUILDER = "src/server/http/errors.ts";

function hasCodeProperty(node: ts.Node | undefined): boolean {
  return (
    node !== undefined &&
    ts.isObjectLiteralExpression(node) &&
    node.properties.some((p) => p.name !== undefined && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === "code")
  );
}

function calleeName(call: ts.CallExpression): string | null {
  const callee = call.expression;
  return ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : null;
}

/** The places in one server file that answer an error without the builder. */
export function handBuiltErrors(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const where = (node: ts.Node) => `${fileName}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;
  function visit(node: ts.Node): void {
    if (ts.isCallExpression(node)) {
      const name = calleeName(node);
      if ((name === "json" || name === "stringify") && hasCodeProperty(node.arguments[0])) {
        found.push(`${where(node)}: an error body built by hand; throw a DomainError (or answer with errorResponse)`);
      }
    }
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && ["ApiError", "HTTPException"].includes(node.expression.text)) {
      found.push(`${where(node)}: ${node.expression.text}; throw a DomainError, whose status is in http/error-table.ts`);
    }
    ts.forEachChild(node, visit);
  }
  visit(file);
  return found;
}

function serverFiles(): string[] {
  return readdirSync(path.join(ROOT, "src/server"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts"))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .filter((file) => file !== BUILDER);
}

describe("server error answers", () => {
  it("are all built by the one builder from a DomainError", () => {
    const found = serverFiles().flatMap((file) => {
      const source = readFileSync(path.join(ROOT, file), "utf8");
      // Only files that could hold one are parsed: the whole server is a few hundred files.
      return /\b(json|stringify|ApiError|HTTPException)\b/.test(source) ? handBuiltErrors(file, source) : [];
    });
    expect(found).toEqual([]);
  });
});

describe("the hand-built error scan", () => {
  it("finds error bodies handed to c.json, Response.json and JSON.stringify", () => {
    const source = [
      'app.get("/a", (c) => c.json({ code: "NOT_FOUND", message: "Not found" }, 404));',
      'const b = Response.json({ message: "Gone", "code": "NOT_FOUND" }, { status: 404 });',
      'const d = new Response(JSON.stringify({ code: "TIMEOUT", message: "Slow" }), { status: 504 });',
    ].join("\n");
    expect(handBuiltErrors("src/server/routes/x.ts", source).map((problem) => problem.split(": ")[0])).toEqual([
      "src/server/routes/x.ts:1",
      "src/server/routes/x.ts:2",
      "src/server/routes/x.ts:3",
    ]);
  });

  it("finds HTTP-level errors raised instead of domain errors", () => {
    const source = 'throw new ApiError(404, "BOOKING_NOT_FOUND", "Booking not found");\nthrow new HTTPException(401);\n';
    expect(handBuiltErrors("src/server/routes/x.ts", source)).toHaveLength(2);
  });

  it("lets domain errors, the builder and bodies without a code through", () => {
    const source = [
      'throw new DomainError("BOOKING_NOT_FOUND");',
      'app.notFound((c) => errorResponse(c, new DomainError("NOT_FOUND")));',
      'app.get("/healthz", (c) => c.json({ status: "ok" }));',
      "logActivity(db, { details: { code: result.code, message: result.message } });",
    ].join("\n");
    expect(handBuiltErrors("src/server/routes/x.ts", source)).toEqual([]);
  });
});
