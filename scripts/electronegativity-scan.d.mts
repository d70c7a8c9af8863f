// Types for electronegativity-scan.mjs (run by plain Node in the security gate).
export type Finding = { check: string; severity: string; confidence?: string; file: string; location?: string; sample?: string; manualReview?: boolean };
export type Reviewed = { check: string; file: string; why?: string };
export const SCANNER_VERSION: string;
export function ensureScanner(): void;
export function scanApp(appDir: string, electronVersion: string): Finding[];
export function gateVerdict(findings: Finding[], reviewed: Reviewed[]): { serious: Finding[]; stale: Reviewed[]; reviewedFor(f: Finding): Reviewed | undefined };
