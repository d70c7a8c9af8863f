import { z } from 'zod';
import { ALERT_RULES, type AlertRule } from './alert-settings';
import { Timestamp } from './api/timestamp';
import { isLoopbackHttp } from './loopback';

// Channels and the durable outbox (docs/architecture.md › Channels and the outbox; docs/desktop.md ›
// Channels): where alerts go besides the desktop, and what the window may know of them. No secret
// (a webhook URL, a bot token, an access token, a signing key) is in any output schema here.

export const CHANNEL_KINDS = ['slack', 'discord', 'telegram', 'ntfy', 'webhook'] as const;
export const ChannelKind = z.enum(CHANNEL_KINDS);
export type ChannelKind = z.infer<typeof ChannelKind>;

/** A channel's id: also part of its secret's name and its outbox file's name. */
export const ChannelId = z.string().regex(/^[a-z0-9]{8,32}$/, { error: 'is not a channel id' });
export type ChannelId = z.infer<typeof ChannelId>;

/** https, or http to this machine only (the stand-ins, a local relay); no user:password, no fragment. */
export function isAllowedChannelUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  return url.protocol === 'https:' || isLoopbackHttp(url);
}

const ChannelUrl = z
  .string()
  .trim()
  .max(2048)
  .refine(isAllowedChannelUrl, { error: 'must be an https:// URL (http:// only for 127.0.0.1 or localhost)' });
const Name = z.string().trim().min(1).max(60);
/** Telegram's bot token: `<bot id>:<secret>` as BotFather gives it. */
const BotToken = z.string().trim().regex(/^\d{3,20}:[A-Za-z0-9_-]{20,100}$/, { error: 'does not look like a bot token (123456:ABC…)' });
/** A numeric chat id (groups are negative) or a public channel's @name. */
const ChatId = z.string().trim().regex(/^(-?\d{1,20}|@[A-Za-z0-9_]{5,32})$/, { error: 'must be a numeric chat id or an @channel name' });
/** ntfy's topic rules: letters, digits, `_` and `-`, at most 64. */
export const NtfyTopic = z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'may hold only letters, digits, _ and -' });
const SigningKey = z.string().min(16, { error: 'must be at least 16 characters' }).max(256);
const AccessToken = z.string().trim().min(1).max(512);

export const DEFAULT_NTFY_SERVER = 'https://ntfy.sh';
export const DEFAULT_TELEGRAM_SERVER = 'https://api.telegram.org';

/** Why a topic on the public ntfy.sh server is readable by anyone who guesses it (beside the channel, and in its form). */
export const NTFY_PUBLIC_WARNING = 'Topics on ntfy.sh are public: anyone who knows or guesses this topic can read these alerts. Keep the topic long and random, or use your own server with an access token.';

/** Whether an ntfy server is the public ntfy.sh (a server that is not a URL is not). */
export function isPublicNtfy(server: string): boolean {
  try {
    return new URL(server).host === new URL(DEFAULT_NTFY_SERVER).host;
  } catch {
    return false;
  }
}

/** What `channels:add` takes: the channel's settings and its secrets, which travel renderer → main once. */
export const ChannelDraft = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('slack'), name: Name, webhookUrl: ChannelUrl }),
  z.strictObject({ kind: z.literal('discord'), name: Name, webhookUrl: ChannelUrl }),
  // `server`: Telegram's Bot API, or a Bot API server of one's own.
  z.strictObject({ kind: z.literal('telegram'), name: Name, botToken: BotToken, chatId: ChatId, server: ChannelUrl.default(DEFAULT_TELEGRAM_SERVER) }),
  // No topic: a random one (unguessable, since anyone who knows a topic on ntfy.sh can read it).
  z.strictObject({ kind: z.literal('ntfy'), name: Name, server: ChannelUrl.default(DEFAULT_NTFY_SERVER), topic: NtfyTopic.optional(), accessToken: AccessToken.nullable().default(null) }),
  z.strictObject({ kind: z.literal('webhook'), name: Name, url: ChannelUrl, signingKey: SigningKey }),
]);
export type ChannelDraft = z.infer<typeof ChannelDraft>;

/**
 * What `channels:update` may change; a field left out stays. A secret field replaces the secret;
 * `accessToken: null` removes ntfy's token. Fields of another kind than the channel's are refused.
 */
export const ChannelPatch = z.strictObject({
  id: ChannelId,
  name: Name.optional(),
  webhookUrl: ChannelUrl.optional(),
  botToken: BotToken.optional(),
  chatId: ChatId.optional(),
  server: ChannelUrl.optional(),
  topic: NtfyTopic.optional(),
  accessToken: AccessToken.nullable().optional(),
  url: ChannelUrl.optional(),
  signingKey: SigningKey.optional(),
});
export type ChannelPatch = z.infer<typeof ChannelPatch>;

/** One channel as the window sees it: never a secret, only whether each is set. */
export const ChannelView = z.object({
  id: ChannelId,
  kind: ChannelKind,
  name: z.string(),
  /** Whether the secret store holds the channel's secret (URL, token, key); false when it cannot be read. */
  secretSet: z.boolean(),
  /** Telegram's chat id; Telegram's and ntfy's server, ntfy's topic: settings, not secrets. */
  chatId: z.string().nullable(),
  server: z.string().nullable(),
  topic: z.string().nullable(),
  /** ntfy only: whether an access token is set. */
  accessTokenSet: z.boolean(),
  /** A warning to show beside the channel (ntfy.sh's topics are public), or null. */
  warning: z.string().nullable(),
  /** Alerts waiting in its outbox (written, not yet accepted by the service). */
  waiting: z.number().int().nonnegative(),
});
export type ChannelView = z.infer<typeof ChannelView>;

export const ChannelList = z.array(ChannelView);

// ── Routing ─────────────────────────────────────────────────────────────────────────────────────

/**
 * What can be routed: every alert rule; a rejected key (the connection rule's own event, urgent by
 * default); the daily and weekly digests; an interrupted Stop all spend or caps change recovered at start.
 */
export const EXTRA_ROUTES = ['keyRejected', 'digestDaily', 'digestWeekly', 'interrupted'] as const;
export type RouteKey = AlertRule | (typeof EXTRA_ROUTES)[number];
export const ROUTE_KEYS = [...ALERT_RULES, ...EXTRA_ROUTES] as readonly RouteKey[];
export const RouteKey = z.enum(ROUTE_KEYS as [RouteKey, ...RouteKey[]]);

/** Where one kind of alert goes: the desktop, any channels, or both (or, by choice, nowhere but the history). */
export const Route = z.object({
  desktop: z.boolean().default(true),
  channels: z.array(ChannelId).max(20).default([]),
});
export type Route = z.infer<typeof Route>;

export const DEFAULT_ROUTE: Route = { desktop: true, channels: [] };
/** The cap reached (its automatic stop done or failed) and a rejected key reach channels in quiet hours too. */
export const DEFAULT_URGENT: readonly RouteKey[] = ['accountCap', 'keyRejected'];

export const Routing = z
  .object({
    /** A key left out is routed as DEFAULT_ROUTE: desktop only. */
    routes: z.partialRecord(RouteKey, Route).default({}),
    /** Routes the quiet hours do not hold back from channels. */
    urgent: z.array(RouteKey).max(ROUTE_KEYS.length).default([...DEFAULT_URGENT]),
  })
  .prefault({});
export type Routing = z.infer<typeof Routing>;

/** The route of a key: its own, or DEFAULT_ROUTE (desktop only) when it has none. */
export function routeOf(routing: Routing, key: RouteKey): Route {
  return routing.routes[key] ?? DEFAULT_ROUTE;
}

// ── The delivery log ─────────────────────────────────────────────────────────────────────────────

export const DELIVERY_LOG_LIMIT = 200;
export const DeliveryOutcome = z.enum(['delivered', 'retrying', 'given_up']);
export type DeliveryOutcome = z.infer<typeof DeliveryOutcome>;

/** One attempt's outcome (or one decision: given up after 24 h, a channel removed with messages waiting). */
export const DeliveryLogEntry = z.object({
  at: Timestamp,
  channelId: ChannelId,
  channelName: z.string().max(60),
  kind: ChannelKind,
  /** The delivery's id (the webhook's `Zonewatch-Delivery`), the same across its retries. */
  deliveryId: z.string().max(64),
  /** What was routed: the rules (or digest, interrupted) of the alerts it holds. */
  routes: z.array(RouteKey).max(ROUTE_KEYS.length),
  alertIds: z.array(z.string().max(100)).max(500),
  outcome: DeliveryOutcome,
  /** The service's answer in words ("Slack accepted it", "HTTP 404 from Discord: Unknown Webhook"). */
  answer: z.string().max(400),
  attempt: z.number().int().nonnegative(),
  /** When it is tried again (retrying only). */
  nextAttemptAt: Timestamp.nullable(),
  test: z.boolean(),
});
export type DeliveryLogEntry = z.infer<typeof DeliveryLogEntry>;
export const DeliveryLog = z.array(DeliveryLogEntry).max(DELIVERY_LOG_LIMIT);
export type DeliveryLog = z.infer<typeof DeliveryLog>;

/** "Send test": whether the service accepted it, and its answer in words. */
export const ChannelTestResult = z.object({ delivered: z.boolean(), answer: z.string() });
export type ChannelTestResult = z.infer<typeof ChannelTestResult>;
