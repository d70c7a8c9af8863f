import type { Context } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { UserRecord } from './service-model';

/** What every route sees: Node's request bindings, and the caller that apiKeyAuth found. */
export type AppEnv = { Bindings: HttpBindings; Variables: { user: UserRecord } };
export type AppContext = Context<AppEnv>;
