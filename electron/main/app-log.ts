import { join } from 'node:path';
import { createLogger, createMemorySink, createRotatingFileSink, createSecretRegistry, type SecretRegistry } from '../core/diagnostics/logger';
import type { Logger } from '../core/ports';

export interface AppLog {
  logger: Logger;
  /** Every key the core learns goes here, so no log line can carry it. */
  secrets: SecretRegistry;
  dir: string;
  /** The last WARN and ERROR lines, already redacted. */
  recentProblems(): string[];
}

/** The redacted, size-capped rotating log (3 × 1 MiB) in the OS log folder, plus a memory tail. */
export function createAppLog(dir: string, echo: boolean): AppLog {
  const file = createRotatingFileSink({ file: join(dir, 'zonewatch.log'), maxBytes: 1024 * 1024, maxFiles: 3 });
  const problems = createMemorySink(50);
  const secrets = createSecretRegistry();
  const logger = createLogger({
    secrets,
    sink: {
      write(line) {
        file.write(line);
        if (/^\S+ (WARN|ERROR) /.test(line)) problems.write(line);
        if (echo) console.log(line);
      },
    },
  });
  return { logger, secrets, dir, recentProblems: () => [...problems.lines] };
}
