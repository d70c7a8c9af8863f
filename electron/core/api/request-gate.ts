/** Lets go of a request slot: once, however often it is called. */
export type Release = () => void;

/** Waits for a slot for one request attempt; rejects (taking none) when `signal` aborts first. */
export type RequestGate = (signal: AbortSignal) => Promise<Release>;
