import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { readFieldMessage } from "../../src/shared/field-messages.ts";

// One source for every field message (decision 069): the shared schemas take their words from
// shared/field-messages.ts by key, and the client says a message through that catalogue. So the
// client never matches a message's English words itself (`case "Email is required":`,
// `message === "..."`), and a shared schema never writes a message as a literal string.
const ROOT = path.resolve(import.meta.dirname, "../..");

/** Shared files whose schemas still write their messages inline: the debt left, to be emptied. */
const NOT_YET_KEYED = new Set([
  "calendar-imports.ts",
  "cancellation-policies.ts",
  "channel-api.ts",
  "invoices.ts",
  "promotions.ts",
  "rate-plan-inputs.ts",
  "search-options.ts",
  "search.ts",
  "webhooks.ts",
]);

/** zod's checks whose last argument may be a message. */
const CHECKS = new Set([
  "min",
  "max",
  "length",
  "int",
  "positive",
  "nonnegative",
  "negative",
  "nonpositive",
  "gt",
  "gte",
  "lt",
  "lte",
  "multipleOf",
  "regex",
  "email",
  "url",
  "uuid",
  "startsWith",
  "endsWith",
  "includes",
  "refine",
]);

function parse(fileName: string, source: string): ts.SourceFile {
  return ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
}

function literal(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text;
  return null;
}

/** Where client code compares a text with a field message's English words. */
export function englishMatches(fileName: string, source: string): string[] {
  const file = parse(fileName, source);
  const found: string[] = [];
  const where = (node: ts.Node) => `${fileName}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;
  const check = (node: ts.Expression) => {
    const text = literal(node);
    if (text !== null && readFieldMessage(text)) found.push(`${where(node)}: matches the field message "${text}" by its English words`);
  };
  function visit(node: ts.Node): void {
    if (ts.isCaseClause(node)) check(node.expression);
    if (
      ts.isBinaryExpression(node) &&
      [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(node.operatorToken.kind)
    ) {
      check(node.left);
      check(node.right);
    }
    ts.forEachChild(node, visit);
  }
  visit(file);
  return found;
}

/** Where a shared schema writes a message as a literal string instead of taking it from the catalogue. */
export function inlineMessages(fileName: string, source: string): string[] {
  const file = parse(fileName, source);
  const found: string[] = [];
  const where = (node: ts.Node) => `${fileName}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;
  function visit(node: ts.Node): void {
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === "message") {
      const text = literal(node.initializer);
      if (text !== null) found.push(`${where(node)}: message "${text}" is written inline`);
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && CHECKS.has(node.expression.name.text)) {
      const last = node.arguments.at(-1);
      const text =
        node.arguments.length > (node.expression.name.text === "refine" || node.expression.name.text === "int" ? 0 : 1)
          ? literal(last)
          : null;
      if (text !== null && /[A-Za-z] /.test(text)) found.push(`${where(node)}: message "${text}" is written inline`);
    }
    ts.forEachChild(node, visit);
  }
  visit(file);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

describe("field messages", () => {
  it("are never matched by their English words in the client", () => {
    const found = sourceFiles("src/client").flatMap((file) => englishMatches(file, readFileSync(path.join(ROOT, file), "utf8")));
    expect(found).toEqual([]);
  });

  it("are taken from the catalogue by the shared schemas (the files not yet keyed aside)", () => {
    const found = readdirSync(path.join(ROOT, "src/shared"))
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && !NOT_YET_KEYED.has(name))
      .flatMap((name) => inlineMessages(`src/shared/${name}`, readFileSync(path.join(ROOT, "src/shared", name), "utf8")));
    expect(found).toEqual([]);
  });

  it("finds a switch, a comparison and inline schema messages", () => {
    const client = `
      function say(message: string) {
        switch (message) {
          case "Email is required": return t("Email is required");
          case "Name must be at most 120 characters": return "";
          case "per_night": return "";
        }
        if (message === "Phone is required") return "";
      }`;
    expect(englishMatches("x.tsx", client)).toEqual([
      'x.tsx:4: matches the field message "Email is required" by its English words',
      'x.tsx:5: matches the field message "Name must be at most 120 characters" by its English words',
      'x.tsx:8: matches the field message "Phone is required" by its English words',
    ]);
    const shared = `
      const a = z.string({ message: "Name is required" }).min(1, "Name is required").max(9, fieldError("fieldTooLong", { field, max: 9 }));
      const b = z.number().int("Must be whole").refine(ok, \`\${label} is wrong\`).regex(/x/, fieldError("phoneInvalid"));
      ctx.addIssue({ code: "custom", message: "Each thing once" });`;
    expect(inlineMessages("y.ts", shared)).toEqual([
      'y.ts:2: message "Name is required" is written inline',
      'y.ts:2: message "Name is required" is written inline',
      'y.ts:3: message "Must be whole" is written inline',
      'y.ts:4: message "Each thing once" is written inline',
    ]);
  });
});
