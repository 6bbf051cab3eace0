import path from "node:path";

const SRC = path.resolve(import.meta.dirname, "../src");

/**
 * Where a file sits in the layering: server, shared, or a client area (app, a feature by name,
 * components, lib, api). Files outside src/ have no boundaries.
 */
function areaOf(file) {
  const relative = path.relative(SRC, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
  const [top, second, third] = relative.split(path.sep);
  if (top === "server" || top === "shared") return { layer: top };
  if (top !== "client") return null;
  if (second === "features") return third && third.includes(".") === false ? { layer: "feature", feature: third } : { layer: "client" };
  if (second === "app" || second === "components" || second === "lib" || second === "api") return { layer: second };
  // main.tsx starts the app: it stands where app/ does.
  return { layer: "app" };
}

function problemOf(from, to, typeOnly, allowServerTypes) {
  if (from.layer === "shared") return to.layer === "shared" ? null : "sharedImportsOutside";
  if (from.layer === "server" || to.layer === "shared") return null;
  if (to.layer === "server") return typeOnly && (from.layer === "api" || allowServerTypes) ? null : "clientImportsServer";
  if (from.layer === "feature") {
    if (to.layer === "feature") return to.feature === from.feature ? null : "featureImportsFeature";
    return to.layer === "app" ? "featureImportsApp" : null;
  }
  if (from.layer === "components" || from.layer === "lib" || from.layer === "api") {
    return to.layer === "feature" || to.layer === "app" ? "kitImportsUp" : null;
  }
  return null;
}

/** Import boundaries between the layers of src/ (docs/ARCHITECTURE.md, "Client"; decision 017). */
export const importBoundaries = {
  meta: {
    type: "problem",
    docs: { description: "Keeps client, server, shared and the client's features apart" },
    schema: [
      {
        type: "object",
        properties: { allowServerTypes: { type: "boolean" } },
        additionalProperties: false,
      },
    ],
    messages: {
      clientImportsServer:
        "The client never imports server code: take the type from src/shared, or from the typed client in src/client/api/ (the only place that may `import type` from the server).",
      sharedImportsOutside: "src/shared imports only npm packages and other src/shared files.",
      featureImportsFeature:
        "Feature '{{from}}' imports feature '{{to}}': compose the two in src/client/app/, or move what both need to components/ or lib/.",
      featureImportsApp: "A feature does not import src/client/app/: move what it needs to lib/ or components/.",
      kitImportsUp: "components/, lib/ and api/ serve the features: they import neither features nor app/.",
    },
  },
  create(context) {
    const from = areaOf(context.filename);
    if (from === null) return {};
    const allowServerTypes = context.options[0]?.allowServerTypes === true;

    function check(node, source, typeOnly) {
      if (typeof source !== "string" || !(source.startsWith(".") || source.startsWith("/"))) return;
      const to = areaOf(path.resolve(path.dirname(context.filename), source));
      if (to === null) {
        if (from.layer === "shared") context.report({ node, messageId: "sharedImportsOutside" });
        return;
      }
      const messageId = problemOf(from, to, typeOnly, allowServerTypes);
      if (messageId) context.report({ node, messageId, data: { from: from.feature, to: to.feature } });
    }

    return {
      ImportDeclaration(node) {
        // Only `import type` is erased; `import { type X }` still loads the module (verbatimModuleSyntax).
        check(node.source, node.source.value, node.importKind === "type");
      },
      ExportNamedDeclaration(node) {
        if (node.source) check(node.source, node.source.value, node.exportKind === "type");
      },
      ExportAllDeclaration(node) {
        check(node.source, node.source.value, node.exportKind === "type");
      },
      ImportExpression(node) {
        if (node.source.type === "Literal") check(node.source, node.source.value, false);
      },
      TSImportType(node) {
        const literal = node.argument?.literal ?? node.argument;
        if (literal?.type === "Literal") check(literal, literal.value, true);
      },
    };
  },
};
