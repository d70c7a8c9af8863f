import { z } from 'zod';

/** The largest text frame the bridge takes; a larger one closes that socket with 1009. */
export const MAX_BRIDGE_FRAME_BYTES = 1024 * 1024;

/**
 * A request frame from the page: `{id, channel, input}`. Only the id is checked here, since it is
 * what an answer needs; channel and input are the core's to validate (ipc-dispatch answers a
 * wrong one with an `invalid_argument` result under the same id).
 */
const BridgeRequestFrame = z.object({ id: z.int().nonnegative(), channel: z.unknown().optional(), input: z.unknown().optional() });

export type BridgeFrame =
  | { kind: 'request'; id: number; channel: unknown; input: unknown }
  /** Nothing to answer to: logged and dropped. `reason` names the fault in fixed words, never the frame. */
  | { kind: 'ignored'; reason: string };

/** Reads one text frame from the page; never throws, whatever the page sent. */
export function parseBridgeFrame(text: string): BridgeFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'ignored', reason: 'the frame is not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { kind: 'ignored', reason: 'the frame is not a JSON object' };
  const parsed = BridgeRequestFrame.safeParse(value);
  if (!parsed.success) return { kind: 'ignored', reason: 'the frame has no usable id' };
  return { kind: 'request', id: parsed.data.id, channel: parsed.data.channel, input: parsed.data.input };
}
