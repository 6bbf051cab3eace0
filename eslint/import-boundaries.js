import path from "node:path";

const SRC = path.resolve(import.meta.dirname, "../src");

/**
 * The server's layers (docs/ARCHITECTURE.md, "Server layers"): each part of src/server and the
 * parts it may import. Requests come in at the top and go down, routes → services → db; a part's
 * files may import each other. `typesFrom` names parts whose types (`import type`), not values,
 * a part may take: the ports services define for the adapters that implement them, and the type
 * of the auth instance services are handed.
 */
const SERVER_PARTS = {
  // main.ts, app.ts, workers.ts, shutdown.ts, admin-create-cli.ts start and assemble everything.
  entry: { may: "all" },
  demo: {
    may: ["auth", "services", "integrations", "db", "kernel"],
    says: "demo/ makes the demo's accounts and stays through services/ and auth/, as a user would; it imports no route, middleware or http/",
  },
  wiring: {
    may: ["http", "auth", "services", "integrations", "db", "kernel"],
    says: "deps.ts wires one instance's services, integrations and auth; it imports no route, middleware or entry point",
  },
  routes: {
    may: ["middleware", "http", "contract", "wiring", "auth", "services", "integrations", "db", "kernel"],
    says: "routes/ may use every layer below them, never an entry point (main.ts, app.ts, workers.ts, shutdown.ts) or demo/",
  },
  middleware: {
    may: ["http", "wiring", "auth", "services", "integrations", "db", "kernel"],
    says: "middleware/ runs before the routes: it uses http/, auth/, services/ and db/, never routes/ or contract/",
  },
  http: {
    may: ["auth", "services", "integrations", "db", "kernel"],
    says: "http/ is the kit routes/, middleware/ and contract/ share (errors, validation, OpenAPI, context types): it imports none of them",
  },
  auth: {
    may: ["services", "integrations", "db", "kernel"],
    says: "auth/ (better-auth and its hooks) calls services/ and db/: it imports no route, middleware, http/ or contract/",
  },
  services: {
    may: ["integrations", "db", "kernel"],
    typesFrom: ["auth"],
    says: "services/ hold the business rules over integrations/ and db/: they never import routes/, http/, middleware/ or contract/ (they throw DomainError; the route shapes the answer) and take only types from auth/",
  },
  integrations: {
    may: ["db", "kernel"],
    typesFrom: ["services"],
    says: "integrations/ are the adapters below the services (payments, mail, storage, suppliers): they use db/ and take only types (the ports they implement) from services/",
  },
  contract: {
    may: ["http", "kernel"],
    says: "contract/ declares the API's shapes with src/shared and http/'s OpenAPI kit: it imports no other server code",
  },
  db: {
    may: ["kernel"],
    says: "db/ is the bottom layer: it imports none of routes/, services/, http/, middleware/, integrations/, auth/, contract/ or demo/",
  },
  // config.ts, domain-error.ts, logger.ts, i18n.ts, request-context.ts, lifecycle.ts: what every layer may use.
  kernel: {
    may: [],
    says: "the server's top-level files that every layer uses (config, domain-error, logger, i18n, request-context, lifecycle) import only each other and src/shared",
  },
};
const SERVER_FOLDERS = new Set(["demo", "routes", "middleware", "http", "auth", "services", "integrations", "contract", "db"]);
const ENTRY_FILES = new Set(["main.ts", "app.ts", "workers.ts", "shutdown.ts", "admin-create-cli.ts"]);

/**
 * The part of src/server a file belongs to (a key of SERVER_PARTS); "unplaced" for a folder the
 * table does not place yet, null for tests, which may reach across the layers.
 */
function serverPartOf(parts) {
  const [first] = parts;
  if (/\.test\.tsx?$/.test(parts[parts.length - 1])) return null;
  if (parts.length > 1) return SERVER_FOLDERS.has(first) ? first : "unplaced";
  if (ENTRY_FILES.has(first)) return "entry";
  return first === "deps.ts" ? "wiring" : "kernel";
}

function serverProblem(from, to, typeOnly) {
  if (from === null || to === null || from === "unplaced" || to === "unplaced" || from === to) return null;
  const rule = SERVER_PARTS[from];
  if (rule.may === "all" || rule.may.includes(to)) return null;
  if (typeOnly && rule.typesFrom?.includes(to)) return null;
  return rule.says;
}

/** How a message names a server part: its folder, or what its top-level files are. */
function partName(part) {
  if (part === "entry") return "an entry point";
  if (part === "wiring") return "deps.ts";
  if (part === "kernel") return "a kernel file";
  return `src/server/${part}/`;
}

/**
 * Where a file sits in the layering: server, shared, or a client area (app, a feature by name,
 * components, lib, api). Files outside src/ have no boundaries.
 */
function areaOf(file) {
  const relative = path.relative(SRC, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
  const [top, second, third, ...rest] = relative.split(path.sep);
  if (top === "server") return { layer: top, part: serverPartOf([second, third, ...rest].filter((p) => p !== undefined)) };
  if (top === "shared") return { layer: top };
  if (top !== "client") return null;
  if (second === "features") return third && third.includes(".") === false ? { layer: "feature", feature: third } : { layer: "client" };
  if (second === "app" || second === "components" || second === "lib" || second === "api") return { layer: second };
  // main.tsx starts the app: it stands where app/ does.
  return { layer: "app" };
}

function problemOf(from, to, typeOnly, allowServerTypes) {
  if (from.layer === "shared") return to.layer === "shared" ? null : "sharedImportsOutside";
  if (from.layer === "server") return to.layer === "server" && serverProblem(from.part, to.part, typeOnly) ? "serverLayer" : null;
  if (to.layer === "shared") return null;
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

/** Import boundaries between the layers of src/ (docs/ARCHITECTURE.md, "Client" and "Server layers"; decision 017). */
export const importBoundaries = {
  meta: {
    type: "problem",
    docs: { description: "Keeps client, server, shared, the client's features and the server's layers apart" },
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
      serverLayer:
        '{{fromPart}} imports {{toPart}}: {{says}}. The server is layered routes → services → db (docs/ARCHITECTURE.md, "Server layers").',
      unplacedServerFolder:
        "src/server/{{folder}}/ has no place in the server's layers: add it to SERVER_PARTS in eslint/import-boundaries.js and to docs/ARCHITECTURE.md (\"Server layers\"), or move the file into a layer's folder.",
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
      if (messageId === "serverLayer") {
        const data = { fromPart: partName(from.part), toPart: partName(to.part), says: serverProblem(from.part, to.part, typeOnly) };
        context.report({ node, messageId, data });
      } else if (messageId) context.report({ node, messageId, data: { from: from.feature, to: to.feature } });
    }

    return {
      Program(node) {
        if (from.part === "unplaced") {
          const folder = path.relative(SRC, context.filename).split(path.sep)[1];
          context.report({ node, messageId: "unplacedServerFolder", data: { folder } });
        }
      },
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
