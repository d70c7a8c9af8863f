import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../../../shared/ipc';

const root = resolve(import.meta.dirname, '../../..');

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const parse = (name: string, source: string) => ts.createSourceFile(name, source, ts.ScriptTarget.Latest, true, name.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

function visit(node: ts.Node, found: (node: ts.Node) => void): void {
  found(node);
  node.forEachChild((child) => visit(child, found));
}

/**
 * The channels the window calls: `api().<domain>.<action>(…)` or `window.zonewatch.<domain>.<action>(…)`,
 * read from the syntax tree, so a channel named only in a comment or a string does not count.
 */
export function windowCalls(name: string, source: string): string[] {
  const calls: string[] = [];
  visit(parse(name, source), (node) => {
    if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return;
    const action = node.expression;
    if (!ts.isPropertyAccessExpression(action.expression)) return;
    const domain = action.expression;
    const bridge = domain.expression;
    const viaApi = ts.isCallExpression(bridge) && ts.isIdentifier(bridge.expression) && bridge.expression.text === 'api';
    const viaWindow = ts.isPropertyAccessExpression(bridge) && bridge.name.text === 'zonewatch';
    if (viaApi || viaWindow) calls.push(`${domain.name.text}:${action.name.text}`);
  });
  return calls;
}

/**
 * The channels main and the tray call: a channel name passed to a call (`core.invoke('poll:refreshAll', …)`,
 * `run('spend:dismiss', …)`) or used to pick a handler (`core.handlers['settings:get']`). A name in
 * a type (`ChannelInput<'spend:plan'>`) or a comment is not a call.
 */
export function mainCalls(name: string, source: string): string[] {
  const channels = new Set<string>(CHANNELS);
  const calls: string[] = [];
  visit(parse(name, source), (node) => {
    if (!ts.isStringLiteral(node) || !channels.has(node.text)) return;
    const parent = node.parent;
    const called = ts.isCallExpression(parent) && parent.arguments.includes(node);
    const picked = ts.isElementAccessExpression(parent) && parent.argumentExpression === node;
    if (called || picked) calls.push(node.text);
  });
  return calls;
}

const read = (file: string) => readFileSync(file, 'utf8');

describe('every IPC channel has a caller', () => {
  it('finds calls the way the window and main make them, and nothing else', () => {
    const window = `
      const a = await api().zones.setEnabled({ profileId, zoneId, enabled });
      const b = await window.zonewatch.app.copyDiagnostics();
      // api().billing.sync({ full: true }) in a comment is no call
      const c = 'api().plans.advisor()';
      const d = api().on.accounts;`;
    expect(windowCalls('w.tsx', window)).toEqual(['zones:setEnabled', 'app:copyDiagnostics']);
    const main = `
      await core.invoke('poll:refreshAll', undefined);
      await run('spend:dismiss', { profileId });
      applySettings(await core.handlers['settings:get']());
      const plan = await core.invoke(channel, { profileId } satisfies ChannelInput<'spend:plan'>);
      logger.warn('zones:delete is named in a message');
      // core.invoke('billing:sync')`;
    expect(mainCalls('m.ts', main)).toEqual(['poll:refreshAll', 'spend:dismiss', 'settings:get']);
  });

  it('in the window (renderer/src) or the tray and main (electron/main), for each channel of shared/ipc.ts', () => {
    const called = new Set([
      ...walk(join(root, 'renderer/src')).flatMap((file) => windowCalls(file, read(file))),
      ...walk(join(root, 'electron/main')).flatMap((file) => mainCalls(file, read(file))),
    ]);
    expect(called.size).toBeGreaterThan(10);
    expect(CHANNELS.filter((channel) => !called.has(channel))).toEqual([]);
  });
});
