/**
 * `npm run calls-index`: writes docs/calls.md, the index of every declared call (shared/api/registry.ts) with the
 * lambdas file that implements it, the entity modules that file imports and the web places that call it.
 * Nothing is listed by hand: the calls come from the registry at run time, everything else from scanning lambdas/
 * and web/src with the TypeScript parser (no type checking), so files may move freely.
 * test/unit/calls-index.test.ts fails when docs/calls.md differs from what this generates.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import type { CallDef } from '../shared/api/define';
import { permissions } from '../shared/permissions';

export const repoRoot = resolve(import.meta.dirname, '..');
export const CALLS_INDEX_FILE = 'docs/calls.md';

/** One declared call and where the code around it lives (paths relative to the repository root). */
export interface CallIndexEntry {
  /** The exported name of the declaration, e.g. `newsListCall`. */
  name: string;
  /** The shared/api/calls module declaring it. */
  module: string;
  path: string;
  domain: string;
  permission: string;
  /** The lambdas files whose `implement(...)` serves it. */
  handlers: string[];
  /** True when the handler was found only through a factory (`implement(defs.list, …)` fed the declaration). */
  handlerIndirect: boolean;
  /** Entity modules (table keys) the handler files import, directly or through non-entity lambdas modules. */
  entities: string[];
  /** Web places that use the declaration: `features/<name>` or the file path under web/src. */
  web: string[];
}

const isCall = (v: unknown): v is CallDef =>
  typeof v === 'object' && v !== null && 'path' in v && 'domain' in v && 'permission' in v && 'input' in v;

const toPosix = (p: string) => p.split(sep).join('/');
const rel = (root: string, file: string) => toPosix(relative(root, file));
const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

function listFiles(dir: string, accept: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full, accept));
    else if (entry.isFile() && accept(entry.name)) out.push(full);
  }
  return out.sort();
}

const isSource = (name: string) => /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name);

/** Resolves a relative import specifier the way the bundler resolution does (no extension, `.js` for `.ts`, index). */
function resolveImport(fromFile: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(fromFile), specifier);
  const stripped = base.replace(/\.(m|c)?jsx?$/, '');
  const candidates = [base, `${stripped}.ts`, `${stripped}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((c) => /\.tsx?$/.test(c) && existsSync(c));
}

/** What a local name in a file is bound to by its imports. */
interface Binding {
  file: string | undefined;
  specifier: string;
  /** The exported name, or `*` for a namespace import. */
  imported: string;
  typeOnly: boolean;
}

interface ParsedFile {
  file: string;
  source: ts.SourceFile;
  bindings: Map<string, Binding>;
  /** Resolved files of every import and re-export (for the import graph). */
  imports: { file: string; typeOnly: boolean }[];
  /** Specifiers of package imports (`@aws-sdk/lib-dynamodb`). */
  packages: string[];
  exported: Set<string>;
}

function parseFile(file: string): ParsedFile {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const bindings = new Map<string, Binding>();
  const imports: ParsedFile['imports'] = [];
  const packages: string[] = [];
  const exported = new Set<string>();
  const hasExport = (n: ts.Node) => ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

  for (const stmt of source.statements) {
    if (ts.isImportDeclaration(stmt) && ts.isStringLiteral(stmt.moduleSpecifier)) {
      const specifier = stmt.moduleSpecifier.text;
      const target = resolveImport(file, specifier);
      const clause = stmt.importClause;
      const clauseTypeOnly = clause?.isTypeOnly ?? false;
      if (!target) packages.push(specifier);
      let anyValue = !clause || !clauseTypeOnly;
      if (clause?.name) bindings.set(clause.name.text, { file: target, specifier, imported: 'default', typeOnly: clauseTypeOnly });
      const named = clause?.namedBindings;
      if (named && ts.isNamespaceImport(named)) bindings.set(named.name.text, { file: target, specifier, imported: '*', typeOnly: clauseTypeOnly });
      if (named && ts.isNamedImports(named)) {
        if (!clauseTypeOnly && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly) && !clause?.name) anyValue = false;
        for (const el of named.elements) {
          bindings.set(el.name.text, { file: target, specifier, imported: (el.propertyName ?? el.name).text, typeOnly: clauseTypeOnly || el.isTypeOnly });
        }
      }
      if (target) imports.push({ file: target, typeOnly: !anyValue });
    } else if (ts.isExportDeclaration(stmt)) {
      const target = stmt.moduleSpecifier && ts.isStringLiteral(stmt.moduleSpecifier) ? resolveImport(file, stmt.moduleSpecifier.text) : undefined;
      if (target) imports.push({ file: target, typeOnly: stmt.isTypeOnly });
      if (stmt.exportClause && ts.isNamedExports(stmt.exportClause)) for (const el of stmt.exportClause.elements) exported.add(el.name.text);
    } else if (hasExport(stmt)) {
      if (ts.isVariableStatement(stmt)) {
        for (const d of stmt.declarationList.declarations) {
          if (ts.isIdentifier(d.name)) exported.add(d.name.text);
          else for (const el of d.name.elements) if (!ts.isOmittedExpression(el) && ts.isIdentifier(el.name)) exported.add(el.name.text);
        }
      } else if ((ts.isFunctionDeclaration(stmt) || ts.isClassDeclaration(stmt)) && stmt.name) exported.add(stmt.name.text);
    }
  }
  return { file, source, bindings, imports, packages, exported };
}

/** Every identifier of a file outside its import declarations, with its parent (the tree is parsed without parents). */
function forEachReference(source: ts.SourceFile, visit: (id: ts.Identifier, parent: ts.Node) => void) {
  const walk = (node: ts.Node, parent: ts.Node): void => {
    if (ts.isImportDeclaration(node)) return;
    if (ts.isIdentifier(node)) {
      // `x.name` and `{ name: … }`: a property name, not a reference to an import.
      if (ts.isPropertyAccessExpression(parent) && parent.name === node) return;
      if (ts.isPropertyAssignment(parent) && parent.name === node) return;
      visit(node, parent);
      return;
    }
    ts.forEachChild(node, (child) => walk(child, node));
  };
  ts.forEachChild(source, (child) => walk(child, source));
}

/** The declared calls: the registry at run time, named by the exports of the modules it imports. */
async function loadRegistry(root: string) {
  const registryFile = join(root, 'shared/api/registry.ts');
  const registry = parseFile(registryFile);
  const { allCalls } = (await import(pathToFileURL(registryFile).href)) as { allCalls: CallDef[] };
  const callModules = sorted(registry.imports.map((i) => i.file).filter((f) => toPosix(f).includes('/calls/')));

  /** `${file}#${export}` of a declaration itself. */
  const byExport = new Map<string, CallDef>();
  /** `${file}#${export}` of an object holding declarations (`articleCalls`), property -> declaration. */
  const containers = new Map<string, Map<string, CallDef[]>>();
  /** Keyed by path (unique in the registry), so a module loaded twice by a test runner still matches. */
  const names = new Map<string, { name: string; module: string }>();
  for (const file of callModules) {
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const name of Object.keys(mod).sort()) {
      const value = mod[name];
      if (isCall(value)) {
        byExport.set(`${file}#${name}`, value);
        if (!names.has(value.path)) names.set(value.path, { name, module: rel(root, file) });
      } else if (typeof value === 'object' && value !== null) {
        // An object of declarations, or of such objects one level down (`taxonomyCallSets.tag.list`).
        const defsIn = (v: unknown): CallDef[] => (isCall(v) ? [v] : typeof v === 'object' && v !== null ? Object.values(v).filter(isCall) : []);
        const members = new Map(Object.entries(value).map(([k, v]) => [k, defsIn(v)] as const).filter(([, defs]) => defs.length > 0));
        if (members.size) containers.set(`${file}#${name}`, members);
      }
    }
  }
  return { allCalls, callModules: new Set(callModules), byExport, containers, names };
}

type Registry = Awaited<ReturnType<typeof loadRegistry>>;

/** The declarations an identifier (or `ns.name`, `container.prop`) of a file stands for; undefined = not a declaration. */
function declarationsOf(reg: Registry, parsed: ParsedFile, expr: ts.Expression): CallDef[] | undefined {
  const fromBinding = (b: Binding | undefined, member?: string): CallDef[] | undefined => {
    if (!b?.file || !reg.callModules.has(b.file)) return undefined;
    if (b.imported === '*') {
      if (!member) return undefined;
      const direct = reg.byExport.get(`${b.file}#${member}`);
      if (direct) return [direct];
      const container = reg.containers.get(`${b.file}#${member}`);
      return container ? [...container.values()].flat() : undefined;
    }
    const key = `${b.file}#${b.imported}`;
    const direct = reg.byExport.get(key);
    if (direct) return [direct];
    const container = reg.containers.get(key);
    if (!container) return undefined;
    const one = member ? container.get(member) : undefined;
    return one ?? [...container.values()].flat();
  };
  if (ts.isIdentifier(expr)) return fromBinding(parsed.bindings.get(expr.text));
  if (ts.isPropertyAccessExpression(expr) && ts.isIdentifier(expr.expression)) {
    return fromBinding(parsed.bindings.get(expr.expression.text), expr.name.text);
  }
  return undefined;
}

/** The declarations a file references: `x`, `ns.x`, `container.prop` (the whole container when used as a whole). */
function referencedDeclarations(reg: Registry, parsed: ParsedFile): Set<CallDef> {
  const found = new Set<CallDef>();
  forEachReference(parsed.source, (id, parent) => {
    const expr = ts.isPropertyAccessExpression(parent) && parent.expression === id ? parent : id;
    for (const def of declarationsOf(reg, parsed, expr) ?? []) found.add(def);
  });
  return found;
}

/** `implement(def, …)` sites of lambdas files: the declarations served directly, and those fed to a factory. */
function findHandlers(reg: Registry, files: ParsedFile[]) {
  const direct = new Map<string, Set<string>>();
  const indirect = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, def: CallDef, file: string) => map.set(def.path, (map.get(def.path) ?? new Set()).add(file));
  for (const parsed of files) {
    const implementNames = [...parsed.bindings].filter(([, b]) => b.imported === 'implement' && !b.typeOnly).map(([local]) => local);
    if (!implementNames.length) continue;
    let dynamic = false;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && implementNames.includes(node.expression.text) && node.arguments[0]) {
        const defs = declarationsOf(reg, parsed, node.arguments[0]);
        if (defs) for (const def of defs) add(direct, def, parsed.file);
        else dynamic = true;
      }
      ts.forEachChild(node, visit);
    };
    visit(parsed.source);
    // `implement(defs.list, …)` inside a factory: the declarations this file hands to it are served here.
    if (dynamic) for (const def of referencedDeclarations(reg, parsed)) add(indirect, def, parsed.file);
  }
  return { direct, indirect };
}

/**
 * Entity modules: lambdas files that import the table port (the one file importing `@aws-sdk/lib-dynamodb`) and build
 * keys with the key helper (the file exporting `teamKey` and `globalKey`). Importing only `assertId` does not count.
 */
function findEntities(files: ParsedFile[]): Set<string> {
  const ports = new Set(files.filter((f) => f.packages.includes('@aws-sdk/lib-dynamodb')).map((f) => f.file));
  const keyHelpers = new Set(files.filter((f) => f.exported.has('teamKey') && f.exported.has('globalKey')).map((f) => f.file));
  const entities = new Set<string>();
  for (const f of files) {
    if (ports.has(f.file) || keyHelpers.has(f.file)) continue;
    const usesPort = f.imports.some((i) => ports.has(i.file) && !i.typeOnly);
    const buildsKeys = [...f.bindings.values()].some((b) => b.file && keyHelpers.has(b.file) && (b.imported === 'teamKey' || b.imported === 'globalKey'));
    if (usesPort && buildsKeys) entities.add(f.file);
  }
  return entities;
}

/** Entity modules reachable from a file by value imports, passing through non-entity lambdas modules only. */
function entitiesReachedFrom(start: string, graph: Map<string, ParsedFile>, entities: Set<string>, lambdasDir: string): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>([start]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    for (const imp of graph.get(file)?.imports ?? []) {
      if (imp.typeOnly || seen.has(imp.file) || !imp.file.startsWith(lambdasDir + sep)) continue;
      seen.add(imp.file);
      if (entities.has(imp.file)) found.add(imp.file);
      else queue.push(imp.file);
    }
  }
  return found;
}

/** Where in web/src a file sits: its feature folder, or its own path. */
function webPlace(webSrc: string, file: string): string {
  const parts = rel(webSrc, file).split('/');
  return parts[0] === 'features' && parts.length > 2 ? `features/${parts[1]}` : parts.join('/');
}

/** Collects the index's rows: one per declared call, sorted by domain then path. */
export async function collectCallsIndex(root = repoRoot): Promise<CallIndexEntry[]> {
  const reg = await loadRegistry(root);
  const lambdasDir = join(root, 'lambdas');
  const webSrc = join(root, 'web', 'src');
  const lambdaFiles = listFiles(lambdasDir, isSource).map(parseFile);
  const graph = new Map(lambdaFiles.map((f) => [f.file, f]));
  const { direct, indirect } = findHandlers(reg, lambdaFiles);
  const entities = findEntities(lambdaFiles);

  const webUses = new Map<string, Set<string>>();
  for (const file of listFiles(webSrc, isSource)) {
    // Only a file importing a module under shared/api/calls/ can name a declaration: skip the parse of the others.
    if (!readFileSync(file, 'utf8').includes('calls/')) continue;
    const parsed = parseFile(file);
    for (const def of referencedDeclarations(reg, parsed)) webUses.set(def.path, (webUses.get(def.path) ?? new Set()).add(webPlace(webSrc, file)));
  }

  const entityCache = new Map<string, Set<string>>();
  const entries = reg.allCalls.map((def): CallIndexEntry => {
    const named = reg.names.get(def.path);
    const handlerFiles = direct.get(def.path) ?? indirect.get(def.path) ?? new Set<string>();
    const entityFiles = new Set<string>();
    for (const h of handlerFiles) {
      if (!entityCache.has(h)) entityCache.set(h, entitiesReachedFrom(h, graph, entities, lambdasDir));
      for (const e of entityCache.get(h)!) entityFiles.add(e);
    }
    return {
      name: named?.name ?? '?',
      module: named?.module ?? '?',
      path: def.path,
      domain: def.domain,
      permission: def.permission,
      handlers: sorted([...handlerFiles].map((f) => rel(root, f))),
      handlerIndirect: !direct.has(def.path) && handlerFiles.size > 0,
      entities: sorted([...entityFiles].map((f) => rel(root, f))),
      web: sorted(webUses.get(def.path) ?? []),
    };
  });
  return entries.sort((a, b) => a.domain.localeCompare(b.domain) || a.path.localeCompare(b.path) || a.name.localeCompare(b.name));
}

const code = (s: string) => `\`${s}\``;
const cell = (items: string[], empty = '—') => (items.length ? items.map(code).join('<br>') : empty);

function permissionCell(name: string): string {
  const rule = (permissions as Record<string, Record<string, unknown>>)[name];
  if (!rule) return `${code(name)} (undeclared)`;
  const detail = Object.entries(rule)
    .filter(([k]) => k !== 'kind')
    .map(([k, v]) => `${k} ${String(v)}`);
  return `${code(name)} (${[String(rule.kind), ...detail].join(', ')})`;
}

/** The markdown of docs/calls.md for the given rows. */
export function renderCallsIndex(entries: CallIndexEntry[]): string {
  const domains = sorted(entries.map((e) => e.domain));
  const withoutWeb = entries.filter((e) => e.web.length === 0).length;
  const lines = [
    '# Call index',
    '',
    '<!-- Generated by `npm run calls-index` (scripts/calls-index.ts). Do not edit: test/unit/calls-index.test.ts fails when it is stale. -->',
    '',
    'Generated by `npm run calls-index` from the call registry (`shared/api/registry.ts`), `lambdas/` and `web/src/`; do not',
    'edit by hand. One row per declared call, grouped by domain (the Lambda that serves it), sorted by path.',
    '',
    '- **call**: the exported declaration and its module under `shared/api/calls/`.',
    '- **request**: every call is `POST /api<path>`.',
    '- **permission**: the named permission the call declares and its rule in `shared/permissions.ts`.',
    '- **handler**: the `lambdas/` file whose `implement(<declaration>, …)` serves it; *(factory)* when the file hands the',
    '  declaration to a function that calls `implement` for it.',
    '- **entities**: entity modules (files that import the table port and build keys with `teamKey`/`globalKey`) the',
    '  handler file imports, directly or through non-entity `lambdas/` modules; the whole file, not only this call.',
    '- **web**: where `web/src` uses the declaration (value or `typeof`): the feature folder, or the file outside `features/`.',
    '',
    `${entries.length} calls in ${domains.length} domains; ${withoutWeb} without a web use.`,
    '',
  ];
  for (const domain of domains) {
    const rows = entries.filter((e) => e.domain === domain);
    lines.push(`## ${domain} (${rows.length})`, '', '| call | request | permission | handler | entities | web |', '|---|---|---|---|---|---|');
    for (const e of rows) {
      const handler = e.handlers.length ? cell(e.handlers) + (e.handlerIndirect ? ' *(factory)*' : '') : '**none found**';
      lines.push(
        `| ${code(e.name)}<br>${code(e.module)} | ${code(`POST /api${e.path}`)} | ${permissionCell(e.permission)} | ${handler} | ${cell(e.entities)} | ${cell(e.web)} |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** Where a domain's generated route table lives. */
export const callRoutesFile = (domain: string) => `lambdas/${domain}/call-routes.ts`;

/** A domain's route table: each of its call paths to the module whose implement(...) serves it (loaded on first use). */
export function renderCallRoutes(entries: CallIndexEntry[], domain: string): string {
  const prefix = `lambdas/${domain}/`;
  const rows = entries
    .filter((e) => e.domain === domain)
    .map((e) => {
      if (e.handlers.length !== 1 || !e.handlers[0].startsWith(prefix)) {
        throw new Error(`${e.path} must have one handler file under ${prefix} (found: ${e.handlers.join(', ') || 'none'})`);
      }
      return `  '${e.path}': () => import('./${e.handlers[0].slice(prefix.length).replace(/\.ts$/, '')}'),`;
    })
    .sort();
  return [
    '// Generated by `npm run calls-index` (scripts/calls-index.ts) from the call registry: do not edit.',
    "import type { CallRoutes } from '../core/http/call-routes';",
    '',
    `/** Each call of the ${domain} domain to the module implementing it, loaded on the call's first request. */`,
    'export const callRoutes: CallRoutes = {',
    ...rows,
    '};',
    '',
  ].join('\n');
}

/** The content of docs/calls.md as the tree is now. */
export async function callsIndexMarkdown(root = repoRoot): Promise<string> {
  return renderCallsIndex(await collectCallsIndex(root));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const started = Date.now();
  const entries = await collectCallsIndex();
  mkdirSync(dirname(join(repoRoot, CALLS_INDEX_FILE)), { recursive: true });
  writeFileSync(join(repoRoot, CALLS_INDEX_FILE), renderCallsIndex(entries));
  for (const domain of sorted(entries.map((e) => e.domain))) writeFileSync(join(repoRoot, callRoutesFile(domain)), renderCallRoutes(entries, domain));
  const missing = entries.filter((e) => e.handlers.length === 0).map((e) => e.path);
  console.log(`${CALLS_INDEX_FILE}: ${entries.length} calls, ${entries.filter((e) => !e.web.length).length} without a web use (${Date.now() - started} ms)`);
  if (missing.length) {
    console.error(`No handler found for: ${missing.join(', ')}`);
    process.exitCode = 1;
  }
}
