/**
 * The architecture's boundaries, checked by `npm run lint` (docs/decisions/011-core-by-domain.md).
 * worker/core/<domain>/index.ts is each domain's public surface; everything else in a domain is its own.
 */
const internals = "^worker/core/[^/]+/(?!index\\.ts$)";

module.exports = {
  forbidden: [
    {
      name: "domain-internals",
      comment: "A domain reaches another domain only through that domain's index.ts.",
      severity: "error",
      from: { path: "^worker/core/([^/]+)/" },
      to: { path: internals, pathNot: "^worker/core/$1/" },
    },
    {
      name: "outside-into-domain-internals",
      comment:
        "The HTTP layer, the pages and the scripts use a domain through its index.ts. Pages import the client-safe " +
        "rules module's files one by one, so each page's bundle carries only its own form's rules (decision 013).",
      severity: "error",
      from: { path: "^(worker/http|worker/db|app|scripts)/" },
      to: { path: internals, pathNot: "^worker/core/rules/" },
    },
    {
      name: "core-stays-below-its-doors",
      comment: "The core knows nothing of the HTTP layer or the pages.",
      severity: "error",
      from: { path: "^worker/(core|db)/" },
      to: { path: "^(worker/http|app)/" },
    },
    {
      name: "client-code-imports-no-server-code",
      comment:
        "Only *.server.ts(x) modules in app/ may import the Worker's code; components and route modules use the " +
        "client-safe rules module, and types (which compile away) from the domains' entries.",
      severity: "error",
      from: { path: "^app/", pathNot: "\\.server\\.tsx?$" },
      to: { path: "^worker/", pathNot: "^worker/core/rules/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "pages-take-rules-file-by-file",
      comment:
        "The rules' index.ts names every form's rules: a component importing a value through it hands every page " +
        "that shows it all of them (decision 013; decision 037, addendum of 2026-12-07). Types may come from it.",
      severity: "error",
      from: { path: "^app/", pathNot: "\\.server\\.tsx?$" },
      to: { path: "^worker/core/rules/index\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "rules-take-rules-file-by-file",
      comment:
        "A rules file reached by a page would bring every form's rules with it through index.ts (the rule above).",
      severity: "error",
      from: { path: "^worker/core/rules/", pathNot: "^worker/core/rules/index\\.ts$" },
      to: { path: "^worker/core/rules/index\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "rules-are-client-safe",
      comment: "worker/core/rules is shipped to browsers: it imports nothing but itself.",
      severity: "error",
      from: { path: "^worker/core/rules/" },
      to: { pathNot: "^worker/core/rules/" },
    },
    {
      name: "tests-use-scripts-through-their-entries",
      comment:
        "Tests start the local database, migrate and seed through the functions npm start uses, and read the demo " +
        "login, and check migrations with the trigger guard's functions; only a script's own tests (tests/local-db, tests/unit/seed-*, tests/unit/bench-*) reach inside it " +
        "(docs/decisions/015-lint-and-format.md).",
      severity: "error",
      from: { path: "^tests/", pathNot: "^tests/(local-db/|unit/seed-|unit/bench-)" },
      to: {
        path: "^scripts/",
        pathNot: "^scripts/(local-db/server|migrate|seed/seed|seed/demo-account|trigger-guard)\\.ts$",
      },
    },
    {
      name: "no-domain-cycles",
      comment: "Domains depend on each other in one direction.",
      severity: "error",
      from: { path: "^worker/core/" },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|\\.react-router|node_modules)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js"] },
  },
};
