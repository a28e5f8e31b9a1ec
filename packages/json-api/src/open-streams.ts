/** How the streams of the JSON v3 API behave: how many a project may hold, how often they look and speak. */
export interface StreamSettings {
  /** Streams of one kind a project may hold open at once on this API process. */
  readonly maxPerProject: number;
  /** A comment this often, so a client (and a proxy) sees a live connection. */
  readonly heartbeatMs: number;
  /** How often a stream reads storage for what is new. */
  readonly pollMs: number;
}

export const STREAM_SETTINGS: StreamSettings = { maxPerProject: 5, heartbeatMs: 15_000, pollMs: 250 };

/** One open stream: how to end it. */
interface OpenStream {
  end(): void;
}

/**
 * The event and request streams open on this API process: at most `maxPerProject` of a kind per
 * project, and all ended at once when the process stops (Node's server.close waits for open
 * answers; a stream never finishes by itself). Once closing, no new stream is taken.
 */
export class OpenStreams {
  private readonly open = new Map<string, Set<OpenStream>>();
  private closing = false;

  constructor(readonly settings: StreamSettings = STREAM_SETTINGS) {}

  /** Takes a place for a stream of `kind` of the project: 'full' beyond the limit, 'closing' once stopping; else how to let it go. */
  take(kind: string, projectId: number, stream: OpenStream): 'full' | 'closing' | (() => void) {
    if (this.closing) return 'closing';
    const key = `${kind}:${projectId}`;
    const streams = this.open.get(key) ?? new Set<OpenStream>();
    if (streams.size >= this.settings.maxPerProject) return 'full';
    streams.add(stream);
    this.open.set(key, streams);
    return () => {
      streams.delete(stream);
      if (streams.size === 0 && this.open.get(key) === streams) this.open.delete(key);
    };
  }

  /** How many streams are open (the metrics' and the tests' view). */
  count(): number {
    let n = 0;
    for (const streams of this.open.values()) n += streams.size;
    return n;
  }

  /** Ends every open stream and takes no new one: the process is stopping (clients reconnect to another). */
  closeAll(): void {
    this.closing = true;
    for (const streams of this.open.values()) for (const s of [...streams]) s.end();
  }
}
