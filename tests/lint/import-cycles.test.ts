import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = new URL("../..", import.meta.url).pathname;

/** Every .ts file under `folder` (tests aside: they may reach anywhere), relative to the project. */
function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}

/**
 * The import loops among `files` (path → source text): each strongly connected group of two or
 * more files, found with Tarjan's algorithm. `import type` counts: a loop of types still ties the
 * files together. TypeScript's preProcessFile reads the imports without type-checking (fast).
 */
function importCycles(files: Map<string, string>): string[][] {
  const edges = new Map<string, string[]>();
  for (const [file, text] of files) {
    const imported = ts.preProcessFile(text, true, true).importedFiles.map((i) => i.fileName);
    const local = imported.filter((name) => name.startsWith(".")).map((name) => path.join(path.dirname(file), name));
    edges.set(
      file,
      local.filter((target) => files.has(target)),
    );
  }
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  function visit(file: string): void {
    order.set(file, order.size);
    low.set(file, order.get(file)!);
    stack.push(file);
    for (const target of edges.get(file)!) {
      if (!order.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (stack.includes(target)) {
        low.set(file, Math.min(low.get(file)!, order.get(target)!));
      }
    }
    if (low.get(file) !== order.get(file)) return;
    const group = stack.splice(stack.indexOf(file));
    if (group.length > 1) cycles.push(group.sort());
  }
  for (const file of files.keys()) if (!order.has(file)) visit(file);
  return cycles;
}

describe("import cycles", () => {
  it("finds a loop, through types too, and none where imports go one way", () => {
    const loop = new Map([
      ["db/client.ts", 'import { openReadReplicas } from "./read-replicas.ts";\nimport pg from "pg";'],
      ["db/read-replicas.ts", 'import type { Db } from "./client.ts";\nimport { x } from "./schema.ts";'],
      ["db/schema.ts", "export const x = 1;"],
    ]);
    expect(importCycles(loop)).toEqual([["db/client.ts", "db/read-replicas.ts"]]);
    loop.set("db/read-replicas.ts", 'import { x } from "./schema.ts";');
    expect(importCycles(loop)).toEqual([]);
  });

  it("finds none among the server's and shared files", () => {
    const files = new Map(
      [...sourceFiles("src/server"), ...sourceFiles("src/shared")].map((file) => [file, readFileSync(path.join(ROOT, file), "utf8")]),
    );
    expect(files.size).toBeGreaterThan(100);
    expect(importCycles(files)).toEqual([]);
  });
});
