import { describe, expect, it } from 'vitest';
import { moduleRequests } from '../../../../scripts/package-check/module-requests';

const asked = (code: string, format: 'module' | 'commonjs') => moduleRequests(code, format).map((r) => `${r.kind} ${r.specifier ?? '(computed)'}`);

describe('the modules a bundle asks for at run time (scripts/package-check/module-requests.ts)', () => {
  it('finds static imports, re-exports and import() in an ES module', () => {
    const code = `import a from 'a'; import 'side-effect'; export * from 'b'; export { c } from 'c'; export const d = 1; const e = await import('e');`;
    expect(asked(code, 'module')).toEqual(['import a', 'import side-effect', 'import b', 'import c', 'import e']);
  });

  it('finds what a createRequire function loads, under any name, bound or called at once', () => {
    const code = `
      import { createRequire as makeRequire } from 'node:module';
      import mod from 'node:module';
      const req = makeRequire(import.meta.url);
      const formats = req('ajv-formats');
      const other = mod.createRequire(import.meta.url);
      other('ajv/dist/runtime/equal');
      makeRequire(import.meta.url)('conf');`;
    expect(asked(code, 'module')).toEqual(['import node:module', 'import node:module', 'require ajv-formats', 'require ajv/dist/runtime/equal', 'require conf']);
  });

  it('finds require() in CommonJS, and createRequire destructured from require', () => {
    const code = `const { createRequire: mk } = require('module'); const r = mk(__filename); r('a'); require(\`b\`);`;
    expect(asked(code, 'commonjs')).toEqual(['require module', 'require a', 'require b']);
  });

  it('does not take code held in strings, method calls named require, or an unbound require in an ES module for requests', () => {
    const code = `const text = 'require("ajv/dist/runtime/ucs2length").default'; sessions.require(); const gen = \`require("x")\`; if (typeof require === 'function') require('y');`;
    expect(asked(code, 'module')).toEqual([]);
  });

  it('marks a request made inside a try that catches its failure as optional, and only those', () => {
    const code = `
      try { const color = require('supports-color'); } catch (error) {}
      try { require('needed'); } finally { done(); }
      try { ok(); } catch { require('fallback'); }
      require('plain');`;
    expect(moduleRequests(code, 'commonjs').map((r) => `${r.specifier} ${r.optional ? 'optional' : 'required'}`)).toEqual([
      'supports-color optional',
      'needed required',
      'fallback required',
      'plain required',
    ]);
  });

  it('marks a request whose name is computed at run time, which no check can follow', () => {
    expect(asked(`const name = pick(); import(name); require(\`./\${name}\`);`, 'commonjs')).toEqual(['import (computed)', 'require (computed)']);
  });
});
