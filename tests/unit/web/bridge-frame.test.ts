import { describe, expect, it } from 'vitest';
import { parseBridgeFrame } from '../../../electron/web/bridge-frame';

describe('a frame from the page', () => {
  it('is a request when it is an object with a whole, non-negative id', () => {
    expect(parseBridgeFrame('{"id":7,"channel":"app:info"}')).toEqual({ kind: 'request', id: 7, channel: 'app:info', input: undefined });
    // The channel and input are the core's to check, so a wrong one still gets an answer under its id.
    expect(parseBridgeFrame('{"id":0,"channel":42,"input":[1]}')).toEqual({ kind: 'request', id: 0, channel: 42, input: [1] });
  });

  it.each([
    ['null', 'the frame is not a JSON object'],
    ['42', 'the frame is not a JSON object'],
    ['"text"', 'the frame is not a JSON object'],
    ['[1,2]', 'the frame is not a JSON object'],
    ['{', 'the frame is not JSON'],
    ['', 'the frame is not JSON'],
    ['{"channel":"app:info"}', 'the frame has no usable id'],
    ['{"id":"1","channel":"app:info"}', 'the frame has no usable id'],
    ['{"id":1.5}', 'the frame has no usable id'],
    ['{"id":-1}', 'the frame has no usable id'],
  ])('is dropped with a reason when it is %s', (text, reason) => {
    expect(parseBridgeFrame(text)).toEqual({ kind: 'ignored', reason });
  });
});
