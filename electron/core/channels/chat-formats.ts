import { type AlertItem, clip, headline, idsLine, plainLines, severityWord, topSeverity } from './alert-message';

// The message each chat service expects (docs/desktop.md › Channels), from the same alert items.
// Pure: the request around them (URL, headers, secrets) is channel-request.ts's.

/** Discord's `content` limit, in characters. */
export const DISCORD_MAX = 2000;
/** Telegram's `sendMessage` text limit, in characters. */
export const TELEGRAM_MAX = 4096;
/** Slack truncates `text` past 40,000 characters; a message well below it stays readable. */
export const SLACK_MAX = 39_000;
/** ntfy turns a message over 4,096 bytes into an attachment: stay under it, in characters of up to 4 bytes. */
export const NTFY_MAX = 1000;

/** Escapes what Slack's and Telegram's HTML-like markup read as markup: `&`, `<` and `>`. Pure. */
export function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

type Block = { head: string; body: string };

/** A grouped alert's headline, cut to this when the whole does not fit. */
const MAX_HEAD = 120;

/** Cuts escaped text without splitting an entity (`&amp;` whole or gone). Pure. */
function clipEscaped(text: string, max: number): string {
  const cut = clip(text, max);
  return cut === text ? cut : cut.replace(/&[a-z]{0,4}…$/, '…');
}

/**
 * Joins a header, one block per alert and a footer within `limit` characters: when the whole does
 * not fit, each block's body is cut to an even share, so every alert keeps its headline and the
 * footer (the alert ids) is never cut. `render` marks a block up (it runs after the cut, so markup
 * is never split). Pure.
 */
function fit(header: string, blocks: Block[], footer: string, limit: number, render: (block: Block) => string): string {
  const join = (parts: Block[]) => [header, ...parts.map(render), footer].filter((part) => part !== '').join('\n\n');
  const whole = join(blocks);
  if (whole.length <= limit) return whole;
  const heads = blocks.map((block) => clipEscaped(block.head, MAX_HEAD));
  const fixed = join(heads.map((head) => ({ head, body: '' }))).length;
  const share = Math.max(0, Math.floor((limit - fixed) / Math.max(1, blocks.length)) - 2);
  const cut = join(blocks.map((block, index) => ({ head: heads[index]!, body: clipEscaped(block.body, share) })));
  // Headlines alone too long (never with the grouping bounds of outbox-file.ts): keep the start and the footer.
  return cut.length <= limit ? cut : `${clip(cut.slice(0, limit - footer.length - 2), limit - footer.length - 2)}\n\n${footer}`;
}

function blocks(items: readonly AlertItem[], escape: (text: string) => string): Block[] {
  return items.map((item) => {
    const lines = plainLines(item);
    const head = items.length === 1 ? '' : `${severityWord(item)}: ${escape(lines.where === null ? lines.title : `${lines.title} (${lines.where})`)}`;
    const body = [items.length === 1 && lines.where !== null ? lines.where : null, lines.figures, `What to do: ${lines.action}`].filter((line) => line !== null).map(escape).join('\n');
    return { head, body };
  });
}

/** Slack's incoming webhook: `text` always (mrkdwn, with `&`, `<`, `>` escaped). */
export function slackMessage(items: readonly AlertItem[]): { text: string } {
  const header = `*${escapeMarkup(headline(items))}*`;
  const text = fit(header, blocks(items, escapeMarkup), escapeMarkup(idsLine(items)), SLACK_MAX, (block) => (block.head === '' ? block.body : `*${block.head}*\n${block.body}`));
  return { text };
}

/** Discord's webhook: `content` of at most 2,000 characters, and no mention ever pings anyone. */
export function discordMessage(items: readonly AlertItem[]): { content: string; allowed_mentions: { parse: [] } } {
  // Mentions are disabled by allowed_mentions; markdown is kept as it reads fine either way.
  const header = `**${headline(items)}**`;
  const content = fit(header, blocks(items, (text) => text), idsLine(items), DISCORD_MAX, (block) => (block.head === '' ? block.body : `**${block.head}**\n${block.body}`));
  return { content, allowed_mentions: { parse: [] } };
}

/** Telegram's `sendMessage` body: HTML with `&`, `<`, `>` escaped, at most 4,096 characters. */
export function telegramMessage(items: readonly AlertItem[], chatId: string): { chat_id: string; text: string; parse_mode: 'HTML'; disable_web_page_preview: true } {
  const header = `<b>${escapeMarkup(headline(items))}</b>`;
  const text = fit(header, blocks(items, escapeMarkup), escapeMarkup(idsLine(items)), TELEGRAM_MAX, (block) => (block.head === '' ? block.body : `<b>${block.head}</b>\n${block.body}`));
  return { chat_id: chatId, text, parse_mode: 'HTML', disable_web_page_preview: true };
}

const NTFY_PRIORITY = { info: 3, warning: 4, critical: 5 } as const;
const NTFY_TAG = { info: 'information_source', warning: 'warning', critical: 'rotating_light' } as const;

/**
 * An HTTP header value carried as RFC 2047 UTF-8 base64 when it is not plain ASCII: a header is
 * Latin-1 bytes on the wire, and ntfy decodes this form (docs/desktop.md › Channels).
 */
export function headerText(text: string): string {
  const oneLine = text.replace(/[\r\n]+/g, ' ');
  return /^[\x20-\x7e]*$/.test(oneLine) ? oneLine : `=?UTF-8?B?${Buffer.from(oneLine, 'utf8').toString('base64')}?=`;
}

/** ntfy: the body is the message; `Title`, `Priority` (1–5) and `Tags` headers. */
export function ntfyMessage(items: readonly AlertItem[]): { body: string; headers: { Title: string; Priority: string; Tags: string } } {
  const severity = topSeverity(items);
  const body = fit('', blocks(items, (text) => text), idsLine(items), NTFY_MAX, (block) => (block.head === '' ? block.body : `${block.head}\n${block.body}`));
  return { body, headers: { Title: headerText(clip(headline(items), 200)), Priority: String(NTFY_PRIORITY[severity]), Tags: `${NTFY_TAG[severity]},zonewatch` } };
}
