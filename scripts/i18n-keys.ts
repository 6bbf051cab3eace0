/**
 * The translation check (decision 029): every key the code passes to `t("...")` or `<Trans i18nKey>`
 * is read from the TypeScript syntax tree, then compared with the catalogues in src/shared/i18n/.
 * `npx tsx scripts/i18n-keys.ts` prints what is wrong; tests/lint/i18n-catalogues.test.ts fails on it.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export interface UsedKey {
  key: string;
  /** Called with `count`: the catalogue needs the language's plural forms (`key_one`, `key_other`...). */
  plural: boolean;
  where: string;
}

export interface KeyProblem {
  where: string;
  message: string;
}

export type Catalogue = Record<string, string>;

function isTranslateCall(callee: ts.Expression): boolean {
  if (ts.isIdentifier(callee)) return callee.text === "t";
  return ts.isPropertyAccessExpression(callee) && callee.name.text === "t";
}

function literalText(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isJsxExpression(node)) return literalText(node.expression);
  return null;
}

function hasCount(options: ts.Expression | undefined): boolean {
  if (!options || !ts.isObjectLiteralExpression(options)) return false;
  return options.properties.some((p) => p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === "count");
}

/** The keys one source file uses, and the calls whose key is not a literal string (no tool could check those). */
export function extractKeys(fileName: string, source: string): { keys: UsedKey[]; problems: KeyProblem[] } {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const keys: UsedKey[] = [];
  const problems: KeyProblem[] = [];
  const where = (node: ts.Node) => `${fileName}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;

  function visit(node: ts.Node): void {
    if (ts.isCallExpression(node) && isTranslateCall(node.expression)) {
      const key = literalText(node.arguments[0]);
      if (key === null) problems.push({ where: where(node), message: "t() takes a literal string key, so the catalogues can be checked" });
      else keys.push({ key, plural: hasCount(node.arguments[1]), where: where(node) });
    }
    if (
      (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) &&
      ts.isIdentifier(node.tagName) &&
      node.tagName.text === "Trans"
    ) {
      const attributes = node.attributes.properties.filter(ts.isJsxAttribute);
      const attribute = (name: string) => attributes.find((a) => ts.isIdentifier(a.name) && a.name.text === name);
      const key = literalText(attribute("i18nKey")?.initializer);
      if (key === null) problems.push({ where: where(node), message: "<Trans> needs a literal i18nKey" });
      else keys.push({ key, plural: attribute("count") !== undefined, where: where(node) });
    }
    ts.forEachChild(node, visit);
  }
  visit(file);
  return { keys, problems };
}

/** Every source file under a folder, tests left out. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

export function pluralCategories(language: string): string[] {
  return new Intl.PluralRules(language).resolvedOptions().pluralCategories;
}

function placeholders(text: string): string {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(",");
}

/**
 * What is wrong between the keys in use and the catalogues: a key missing in a language (each plural
 * form of a key used with `count`), an entry no code uses, a translation that drops or adds a
 * `{{placeholder}}`. English is the keys themselves, so its catalogue holds plural forms only.
 */
export function checkCatalogues(used: readonly UsedKey[], catalogues: Record<string, Catalogue>): KeyProblem[] {
  const problems: KeyProblem[] = [];
  const singular = new Map<string, UsedKey>();
  const plural = new Map<string, UsedKey>();
  for (const use of used) (use.plural ? plural : singular).set(use.key, use);

  for (const [language, catalogue] of Object.entries(catalogues)) {
    const expected = new Map<string, { use: UsedKey; source: string }>();
    if (language !== "en") for (const [key, use] of singular) expected.set(key, { use, source: key });
    for (const [key, use] of plural) {
      for (const category of pluralCategories(language)) expected.set(`${key}_${category}`, { use, source: key });
    }
    for (const [entry, { use, source }] of expected) {
      const text = catalogue[entry];
      if (text === undefined || text.trim() === "") {
        problems.push({ where: use.where, message: `${language}: no translation for "${entry}"` });
      } else if (placeholders(text) !== placeholders(source)) {
        problems.push({ where: `${language}.json`, message: `${language}: "${entry}" must keep the placeholders of its key` });
      }
    }
    for (const entry of Object.keys(catalogue)) {
      if (!expected.has(entry)) problems.push({ where: `${language}.json`, message: `${language}: "${entry}" is used by no code` });
    }
  }
  return problems;
}

/** The keys used under src/ and the problems of the catalogues in src/shared/i18n/. */
export function checkProject(root: string): KeyProblem[] {
  const used: UsedKey[] = [];
  const problems: KeyProblem[] = [];
  for (const file of sourceFiles(path.join(root, "src"))) {
    const result = extractKeys(path.relative(root, file), readFileSync(file, "utf8"));
    used.push(...result.keys);
    problems.push(...result.problems);
  }
  const catalogues: Record<string, Catalogue> = {};
  for (const language of ["en", "es", "de"]) {
    catalogues[language] = JSON.parse(readFileSync(path.join(root, "src/shared/i18n", `${language}.json`), "utf8")) as Catalogue;
  }
  return [...problems, ...checkCatalogues(used, catalogues)];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = checkProject(path.resolve(import.meta.dirname, ".."));
  for (const problem of problems) console.log(`${problem.where}: ${problem.message}`);
  console.log(problems.length === 0 ? "Catalogues complete." : `${problems.length} problem(s).`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}
