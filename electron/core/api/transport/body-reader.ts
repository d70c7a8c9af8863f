import { untilAborted } from './abortable';

/**
 * The most a single answer may weigh. Measured against the local service: a 100-user page is
 * about 33 KB, a 100-entry billing page about 21 KB, a get of 10 zones about 11 KB, the plans
 * about 2 KB. Even a users page whose members each list hundreds of zone ids stays near 1 MB,
 * so 4 MiB leaves a wide margin while a hostile or broken server cannot make the app hold more.
 */
export const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

/** Why a body read stopped early. */
export class BodyReadError extends Error {
  override readonly name = 'BodyReadError';
  constructor(
    readonly reason: 'too_large' | 'aborted' | 'failed',
    /** Bytes received before the read stopped. */
    readonly bytes: number,
  ) {
    super(`body read ${reason} after ${bytes} bytes`);
  }
}

export type BodyRead = { text: string; bytes: number };

/**
 * Reads a response body as UTF-8 text, chunk by chunk, and stops as soon as it would pass
 * `maxBytes` (nothing past the cap is kept) or `signal` aborts. Every chunk read is raced
 * against the signal, so this settles by the caller's deadline even when the stream does not.
 * A declared Content-Length over the cap is refused before any byte is read.
 */
export async function readBodyCapped(response: Response, maxBytes: number, signal: AbortSignal): Promise<BodyRead> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    discard(response.body);
    throw new BodyReadError('too_large', 0);
  }
  if (!response.body) return { text: '', bytes: 0 };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  try {
    for (;;) {
      let step: ReadableStreamReadResult<Uint8Array>;
      try {
        step = await untilAborted(reader.read(), signal, () => new BodyReadError('aborted', bytes));
      } catch (err) {
        if (err instanceof BodyReadError) throw err;
        throw new BodyReadError(signal.aborted ? 'aborted' : 'failed', bytes);
      }
      if (step.done) break;
      if (bytes + step.value.byteLength > maxBytes) throw new BodyReadError('too_large', bytes);
      bytes += step.value.byteLength;
      chunks.push(step.value);
    }
  } catch (err) {
    // Not awaited: a cancel can hang on the same stuck stream the read did.
    reader.cancel().catch(() => undefined);
    throw err;
  }
  return { text: new TextDecoder().decode(concat(chunks, bytes)), bytes };
}

/** Lets go of a body that will not be read, without waiting on it. */
export function discard(body: ReadableStream<Uint8Array> | null): void {
  body?.cancel().catch(() => undefined);
}

function concat(chunks: Uint8Array[], bytes: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(bytes);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
