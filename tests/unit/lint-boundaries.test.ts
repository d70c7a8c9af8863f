import { describe, it, expect } from 'vitest';
import { ESLint } from 'eslint';

// The layering of docs/architecture.md › The pieces, enforced by the lint config: core, service and shared run without
// Electron; shared and the renderer run without Node.
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries', () => {
  it('refuses electron in electron/core, electron/service and shared', async () => {
    for (const file of ['electron/core/example.ts', 'electron/service/example.ts', 'shared/example.ts']) {
      const messages = await restrictedImports(file, "import { app } from 'electron';\nexport const x = app;\n");
      expect(messages, file).toHaveLength(1);
    }
  });

  it('refuses Node built-ins in shared and in the renderer', async () => {
    expect(await restrictedImports('shared/example.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n")).toHaveLength(1);
    expect(await restrictedImports('renderer/src/example.tsx', "import { join } from 'path';\nexport const x = join;\n")).toHaveLength(1);
  });

  it('refuses main-process code and electron in the renderer', async () => {
    expect(await restrictedImports('renderer/src/example.tsx', "import { x } from '../../electron/core/app-core';\nexport const y = x;\n")).toHaveLength(1);
    expect(await restrictedImports('renderer/src/example.tsx', "import { ipcRenderer } from 'electron';\nexport const y = ipcRenderer;\n")).toHaveLength(1);
  });

  it('lets main import electron and the renderer import shared', async () => {
    expect(await restrictedImports('electron/main/example.ts', "import { app } from 'electron';\nexport const x = app;\n")).toEqual([]);
    expect(await restrictedImports('renderer/src/example.tsx', "import { ipc } from '../../shared/ipc';\nexport const x = ipc;\n")).toEqual([]);
  });
});
