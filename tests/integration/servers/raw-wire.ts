// Bytes on a TCP socket, as a hostile local process writes them: no HTTP or WebSocket library
// between the test and the server, so malformed input reaches the server as written.
import { randomBytes } from 'node:crypto';
import net from 'node:net';

/** How long a connection may stay quiet before the test hangs up on it. */
const IDLE_MS = 40;

/**
 * Connects, writes `chunks` one event-loop turn apart (a request split across TCP segments),
 * and resolves with everything the server answered once it closes or stays quiet.
 */
export function sendRaw(port: number, chunks: readonly Uint8Array[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(Buffer.concat(received));
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(finish, IDLE_MS);
    };
    socket.on('data', (data) => {
      received.push(data);
      arm();
    });
    socket.on('error', finish);
    socket.on('close', finish);
    socket.on('connect', () => {
      void (async () => {
        for (const chunk of chunks) {
          if (socket.destroyed) return;
          socket.write(chunk);
          await new Promise((next) => setImmediate(next));
        }
        arm();
      })();
    });
  });
}

/** Cuts `bytes` at the given offsets (taken modulo its length), keeping every byte once. */
export function splitAt(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  if (bytes.length === 0) return [bytes];
  const points = [...new Set(cuts.map((cut) => cut % bytes.length).filter((cut) => cut > 0))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (const point of points) {
    pieces.push(bytes.subarray(from, point));
    from = point;
  }
  pieces.push(bytes.subarray(from));
  return pieces;
}

/** A request head: request line, header lines, blank line; `tail` follows it (a body, or more bytes). */
export function requestHead(line: string, headers: readonly string[], tail: Uint8Array = new Uint8Array()): Uint8Array {
  return Buffer.concat([Buffer.from(`${line}\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n`, 'latin1'), tail]);
}

/** A fresh, well-formed Sec-WebSocket-Key (16 random bytes in base64). */
export function webSocketKey(): string {
  return randomBytes(16).toString('base64');
}

export type FrameSpec = {
  fin: boolean;
  /** The three reserved bits; a server that negotiated no extension must refuse any of them. */
  rsv: number;
  opcode: number;
  /** Client frames must be masked (RFC 6455 §5.1). */
  masked: boolean;
  payload: Uint8Array;
  /** The length the header declares, when it differs from the payload's (a lie, or an oversize claim). */
  declared?: bigint;
};

/** One WebSocket frame as RFC 6455 §5.2 lays it out, whatever the spec says about its fields. */
export function encodeFrame(frame: FrameSpec): Buffer {
  const length = frame.declared ?? BigInt(frame.payload.length);
  const first = (frame.fin ? 0x80 : 0) | ((frame.rsv & 7) << 4) | (frame.opcode & 0x0f);
  const maskBit = frame.masked ? 0x80 : 0;
  let head: Buffer;
  if (length < 126n) head = Buffer.from([first, maskBit | Number(length)]);
  else if (length < 65536n) {
    head = Buffer.alloc(4);
    head.writeUInt8(first, 0);
    head.writeUInt8(maskBit | 126, 1);
    head.writeUInt16BE(Number(length), 2);
  } else {
    head = Buffer.alloc(10);
    head.writeUInt8(first, 0);
    head.writeUInt8(maskBit | 127, 1);
    head.writeBigUInt64BE(length & 0xffff_ffff_ffff_ffffn, 2);
  }
  if (!frame.masked) return Buffer.concat([head, frame.payload]);
  const mask = randomBytes(4);
  const body = Buffer.from(frame.payload.map((byte, i) => byte ^ mask[i % 4]!));
  return Buffer.concat([head, mask, body]);
}

/**
 * Opens a WebSocket by hand (a valid handshake with token and Origin), writes `chunks` after the
 * 101, and resolves with what came back after it. Rejects if the server refuses the handshake.
 */
export function afterHandshake(port: number, head: Uint8Array, chunks: readonly Uint8Array[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let upgraded = false;
    let timer: NodeJS.Timeout | undefined;
    let done = false;
    const finish = (error?: Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve(received);
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(upgraded ? undefined : new Error('the handshake got no answer')), IDLE_MS * 5);
    };
    socket.on('data', (data) => {
      received = Buffer.concat([received, data]);
      arm();
      if (upgraded) return;
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return;
      const status = received.subarray(0, received.indexOf('\r\n')).toString('latin1');
      if (!status.startsWith('HTTP/1.1 101')) return finish(new Error(`the handshake was refused: ${status}`));
      upgraded = true;
      received = received.subarray(end + 4);
      void (async () => {
        for (const chunk of chunks) {
          if (socket.destroyed) return;
          socket.write(chunk);
          await new Promise((next) => setImmediate(next));
        }
        arm();
      })();
    });
    socket.on('error', () => finish(upgraded ? undefined : new Error('the handshake failed')));
    socket.on('close', () => finish(upgraded ? undefined : new Error('the connection closed before the handshake')));
    socket.on('connect', () => {
      socket.write(head);
      arm();
    });
  });
}
