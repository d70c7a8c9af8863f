// Types for electron-availability.mjs, which `npm start` runs with plain Node before any build.
type Env = Readonly<Record<string, string | undefined>>;
export function electronExecutable(electronDir: string, env: Env): string | null;
export function installElectron(electronDir: string, env: Env, timeoutMs: number): string | null;
export function electronStartProblem(executable: string, env: Env, platform: NodeJS.Platform): string | null;
export function fallbackNotice(reason: string): string;
