import { parseAst } from 'vite';

/** How a module asks for another: ESM (`import`, `export … from`, `import()`) or CommonJS (`require`, a `createRequire` function). */
export type RequestKind = 'import' | 'require';
/**
 * One request in a module's code; `specifier` is null when it is computed at run time. `optional`:
 * made inside a `try` block that catches its failure, the way a package asks for what it can do
 * without (debug's `require('supports-color')`).
 */
export type ModuleRequest = { specifier: string | null; kind: RequestKind; at: number; optional: boolean };

type Node = { type: string; start: number; [key: string]: unknown };

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function children(node: Node): Node[] {
  const found: Node[] = [];
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) if (isNode(item)) found.push(item);
    if (isNode(value)) found.push(value);
  }
  return found;
}

/** A string the code spells out (a literal, or a template without expressions); null when computed. */
function literal(node: unknown): string | null {
  if (!isNode(node)) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && (node.expressions as unknown[]).length === 0) {
    const [quasi] = node.quasis as { value: { cooked: string | null } }[];
    return quasi?.value.cooked ?? null;
  }
  return null;
}

/** `createRequire(…)` under any local name, or `module.createRequire(…)`: a call that makes a require function. */
function makesRequire(node: unknown, createRequireNames: Set<string>): boolean {
  if (!isNode(node) || node.type !== 'CallExpression') return false;
  const callee = node.callee as Node;
  if (callee.type === 'Identifier') return createRequireNames.has(callee.name as string);
  return callee.type === 'MemberExpression' && (callee.property as Node).type === 'Identifier' && (callee.property as Node).name === 'createRequire';
}

/** The local name `createRequire` is bound to by `import { createRequire as x }` or `const { createRequire: x } = …`. */
function createRequireAlias(node: Node): string | null {
  const local = node.type === 'ImportSpecifier' ? (node.local as Node) : node.type === 'Property' ? (node.value as Node) : null;
  const imported = node.type === 'ImportSpecifier' ? (node.imported as Node) : node.type === 'Property' ? (node.key as Node) : null;
  if (!local || !imported || local.type !== 'Identifier') return null;
  const name = imported.type === 'Identifier' ? imported.name : imported.value;
  return name === 'createRequire' ? (local.name as string) : null;
}

/**
 * Every module this code loads or may load at run time: static imports and re-exports, `import()`,
 * and calls of `require` (in CommonJS) or of any function made by `createRequire` — bound to a name
 * or called at once. Calls inside strings (code generated at run time) are not requests.
 */
export function moduleRequests(code: string, format: 'module' | 'commonjs'): ModuleRequest[] {
  const program = parseAst(code, { sourceType: format, lang: 'js' }) as unknown as Node;
  const all: Node[] = [];
  const inTry = new Set<Node>();
  const collect = (node: Node, tried: boolean) => {
    all.push(node);
    if (tried) inTry.add(node);
    const catches = node.type === 'TryStatement' && isNode(node.handler);
    for (const child of children(node)) collect(child, tried || (catches && child === node.block));
  };
  collect(program, false);

  const createRequireNames = new Set(['createRequire']);
  for (const node of all) {
    const alias = createRequireAlias(node);
    if (alias) createRequireNames.add(alias);
  }
  const requirers = new Set(format === 'commonjs' ? ['require'] : []);
  for (const node of all) {
    if (node.type === 'VariableDeclarator' && makesRequire(node.init, createRequireNames) && isNode(node.id) && node.id.type === 'Identifier') requirers.add(node.id.name as string);
  }

  const requests: ModuleRequest[] = [];
  for (const node of all) {
    const optional = inTry.has(node);
    if (node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration' || (node.type === 'ExportNamedDeclaration' && node.source)) {
      requests.push({ specifier: literal(node.source), kind: 'import', at: node.start, optional: false });
    } else if (node.type === 'ImportExpression') {
      requests.push({ specifier: literal(node.source), kind: 'import', at: node.start, optional });
    } else if (node.type === 'CallExpression') {
      const callee = node.callee as Node;
      const named = callee.type === 'Identifier' && requirers.has(callee.name as string);
      if (named || makesRequire(callee, createRequireNames)) requests.push({ specifier: literal((node.arguments as Node[])[0]), kind: 'require', at: node.start, optional });
    }
  }
  return requests.sort((a, b) => a.at - b.at);
}
