import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// One door per invariant (GUIDE §2): only src/server/services/bookings/ writes bookings and room_nights,
// so every way of booking builds the same row and every change of a stay moves its rooms with it. The
// demo seed writes its own rows (like the test factories, which live outside src/). This scan finds a
// Drizzle insert/update/delete of `bookings` or `roomNights` (under any local name), and SQL (a `sql`
// template, or the text given to `sql.raw`, `execute` or `query`) that inserts into, updates or deletes
// from either table, anywhere else under src/.
const ROOT = path.resolve(import.meta.dirname, "../..");
const DOOR = "src/server/services/bookings/";
const SEEDS = ["src/server/db/seed/", "src/server/demo/"];
const TABLES = new Map([
  ["bookings", "bookings"],
  ["roomNights", "room_nights"],
]);
const SQL_WRITE = /\b(insert\s+into|update|delete\s+from)\s+(?:"?public"?\.)?"?(bookings|room_nights)"?(?![\w.])/i;
const SQL_CALLS = new Set(["raw", "execute", "query"]);

/** The text of a template (its substitutions as `?`) or a string, else null. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join("?");
  return null;
}

function calleeName(call: ts.CallExpression): string | null {
  const callee = call.expression;
  return ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : null;
}

/** The places in one file that write bookings or room_nights. */
export function bookingWrites(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const where = (node: ts.Node) => `${fileName}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;
  // The local names of the two tables, as imported from the schema (`import { bookings as b }` too).
  const tables = new Map<string, string>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/\/db\/schema(\.ts)?$/.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      const table = TABLES.get((element.propertyName ?? element.name).text);
      if (table) tables.set(element.name.text, table);
    }
  }
  function visit(node: ts.Node): void {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const target = node.arguments[0];
      if (["insert", "update", "delete"].includes(method) && target && ts.isIdentifier(target) && tables.has(target.text)) {
        found.push(`${where(node)}: ${method}(${target.text}) writes ${tables.get(target.text)}`);
      }
    }
    const statement =
      ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === "sql"
        ? literalText(node.template)
        : ts.isCallExpression(node) && SQL_CALLS.has(calleeName(node) ?? "") && node.arguments[0]
          ? literalText(node.arguments[0])
          : null;
    const match = statement === null ? null : SQL_WRITE.exec(statement);
    if (match) found.push(`${where(node)}: "${match[0].replace(/\s+/g, " ")}" writes ${match[2]!.toLowerCase()}`);
    ts.forEachChild(node, visit);
  }
  visit(file);
  return found;
}

function sourceFiles(): string[] {
  return readdirSync(path.join(ROOT, "src"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
}

describe("writes of bookings and room_nights", () => {
  it("happen only in services/bookings/ (and the demo seed)", () => {
    const outside = sourceFiles().filter((file) => !file.startsWith(DOOR) && !SEEDS.some((seed) => file.startsWith(seed)));
    const found = outside.flatMap((file) => {
      const source = readFileSync(path.join(ROOT, file), "utf8");
      // Only files that name a table and could write are parsed: the whole of src/ is a few hundred files.
      const candidate = /bookings|roomNights|room_nights/i.test(source) && /\b(insert|update|delete)\b/i.test(source);
      return candidate ? bookingWrites(file, source) : [];
    });
    expect(found, "move these writes into a step of src/server/services/bookings/ and call it").toEqual([]);
  });

  it("are found in every form the front desk once used, under any name, and reads are not", () => {
    const deskBefore = `
      import { bookings as bookingRows, hotels, roomNights } from "../db/schema.ts";
      export async function phoneBooking(tx, values) {
        await tx.insert(bookingRows).values(values).returning();
        await tx.update(bookingRows).set({ stayStatus: "checked_in" });
        await tx.execute(sql\`
          update room_nights set rooms_taken = greatest(0, rooms_taken - \${values.numRooms})
          where room_type_id = \${values.roomTypeId}\`);
        await tx.delete(roomNights).where(eq(roomNights.roomTypeId, 1));
        await tx.execute(sql.raw('INSERT INTO "bookings" (id) VALUES (1)'));
        await tx.update(hotels).set({ name: "x" });
        await tx.select().from(bookingRows).where(eq(bookingRows.id, values.id));
        await tx.execute(sql\`select rooms_taken from room_nights for update\`);
        await tx.execute(\`delete from bookings where id = \${values.id}\`);
        return "Please update bookings on the website";
      }`;
    expect(bookingWrites("src/server/services/front-desk.ts", deskBefore)).toEqual([
      "src/server/services/front-desk.ts:4: insert(bookingRows) writes bookings",
      "src/server/services/front-desk.ts:5: update(bookingRows) writes bookings",
      'src/server/services/front-desk.ts:6: "update room_nights" writes room_nights',
      "src/server/services/front-desk.ts:9: delete(roomNights) writes room_nights",
      'src/server/services/front-desk.ts:10: "INSERT INTO "bookings"" writes bookings',
      'src/server/services/front-desk.ts:14: "delete from bookings" writes bookings',
    ]);
  });
});
