import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// TanStack Query keys live beside their fetchers, in src/client/api/<resource>.ts (a key factory and
// `…QueryOptions()` per resource, decision 041). Everywhere else in the client a key is taken from
// there: a `queryKey`, or the key given to `setQueryData` / `getQueryData`, must start from a name
// imported from client/api. So two features cannot spell one key two ways, and a prefix invalidation
// names the factory's prefix on purpose.
const ROOT = path.resolve(import.meta.dirname, "../..");
const SCANNED = ["src/client/features", "src/client/app", "src/client/components", "src/client/lib"];
const KEY_TAKING_CALLS = new Set(["setQueryData", "getQueryData", "getQueryState", "ensureQueryData"]);

function apiImports(file: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/(^|\/)api\/[^/]+\.ts$/.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) names.add(element.name.text);
  }
  return names;
}

/** The name an expression such as `hotelKeys.priced(id, q)` or `bookingKeys.mine` starts from. */
function rootName(node: ts.Expression): string | null {
  let current: ts.Expression = node;
  for (;;) {
    if (ts.isCallExpression(current) || ts.isPropertyAccessExpression(current) || ts.isElementAccessExpression(current)) {
      current = current.expression;
    } else if (ts.isParenthesizedExpression(current) || ts.isNonNullExpression(current) || ts.isAsExpression(current)) {
      current = current.expression;
    } else {
      return ts.isIdentifier(current) ? current.text : null;
    }
  }
}

/** The query keys one client file writes itself instead of taking them from client/api. */
export function keysNotFromApi(fileName: string, source: string): string[] {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const fromApi = apiImports(file);
  const found: string[] = [];
  const where = (node: ts.Node) => `${fileName}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;
  const check = (key: ts.Expression) => {
    const root = rootName(key);
    if (root === null || !fromApi.has(root)) {
      found.push(`${where(key)}: query key ${key.getText(file)} is not taken from a client/api key factory`);
    }
  };
  function visit(node: ts.Node): void {
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === "queryKey") check(node.initializer);
    if (ts.isShorthandPropertyAssignment(node) && node.name.text === "queryKey") check(node.name);
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && KEY_TAKING_CALLS.has(node.expression.name.text)) {
      const key = node.arguments[0];
      if (key) check(key);
    }
    ts.forEachChild(node, visit);
  }
  visit(file);
  return found;
}

function clientFiles(): string[] {
  return SCANNED.flatMap((dir) =>
    readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
      .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name))),
  );
}

describe("query keys", () => {
  it("are taken from the key factories in client/api everywhere else in the client", () => {
    const found = clientFiles().flatMap((file) => {
      const source = readFileSync(path.join(ROOT, file), "utf8");
      return /queryKey|QueryData|QueryState/.test(source) ? keysNotFromApi(file, source) : [];
    });
    expect(found).toEqual([]);
  });
});

describe("the query key scan", () => {
  const imports = 'import { bookingKeys, hotelQueryOptions, hotelKeys } from "../../api/hotels.ts";\n';

  it("finds literal keys, keys kept in a feature's own constant, and literal keys given to the cache", () => {
    const source = [
      imports,
      'useQuery({ queryKey: ["loyalty"], queryFn: getLoyalty });',
      'queryClient.invalidateQueries({ queryKey: ["bookings"] });',
      'const MY_KEY = ["bookings", "mine"] as const;',
      "useQuery({ queryKey: [...MY_KEY, query], queryFn });",
      "queryClient.invalidateQueries({ queryKey: MY_KEY });",
      'queryClient.setQueryData(["me"], { user: null });',
      "useQuery({ queryKey, queryFn });",
    ].join("\n");
    expect(keysNotFromApi("src/client/features/x/y.tsx", source).map((problem) => problem.split(": ")[0])).toEqual([
      "src/client/features/x/y.tsx:3",
      "src/client/features/x/y.tsx:4",
      "src/client/features/x/y.tsx:6",
      "src/client/features/x/y.tsx:7",
      "src/client/features/x/y.tsx:8",
      "src/client/features/x/y.tsx:9",
    ]);
  });

  it("lets keys and options from client/api through", () => {
    const source = [
      imports,
      "useQuery({ ...hotelQueryOptions(id, query), placeholderData: keepPreviousData });",
      "queryClient.invalidateQueries({ queryKey: hotelKeys.hotel(id) });",
      "queryClient.invalidateQueries({ queryKey: bookingKeys.mine });",
      "queryClient.setQueryData(bookingKeys.mine, data);",
      "queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'me' });",
    ].join("\n");
    expect(keysNotFromApi("src/client/features/x/y.tsx", source)).toEqual([]);
  });
});
