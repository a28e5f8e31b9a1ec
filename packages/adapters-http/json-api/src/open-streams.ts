/** How the streams of the JSON v3 API behave: how many may be open, how often they look and speak, how long they live. */
export interface StreamSettings {
  /** Streams of one kind a project may hold open at once on this API process. */
  readonly maxPerProject: number;
  /** Streams of any kind and project of one partner open at once on this API process (beyond: 429, as a project's): below maxPerProcess, so that no partner holds them all. */
  readonly maxPerPartner: number;
  /** Streams of any kind and project open at once on this API process (beyond: 503 with Retry-After). */
  readonly maxPerProcess: number;
  /** A comment this often, so a client (and a proxy) sees a live connection. */
  readonly heartbeatMs: number;
  /** How often a stream reads storage for what is new. */
  readonly pollMs: number;
  /** A stream's life at most: then the server ends it (event `reconnect`) and the client connects again, signed anew. */
  readonly maxLifeMs: number;
  /** How often a stream checks its partner and project again (a changed password, an inactive project end it). */
  readonly recheckMs: number;
  /** A reader that takes nothing this long while the socket's buffer is full is ended (its place and buffer freed). */
  readonly stalledReaderMs: number;
}

export const STREAM_SETTINGS: StreamSettings = {
  maxPerProject: 5,
  maxPerPartner: 50,
  maxPerProcess: 200,
  heartbeatMs: 15_000,
  pollMs: 250,
  maxLifeMs: 10 * 60_000,
  recheckMs: 5_000,
  stalledReaderMs: 30_000,
};

/** One open stream: how to end it. */
interface OpenStream {
  end(): void;
}

/** Whose a stream is: its project, and the partner that owns it. */
export interface StreamOwner {
  readonly projectId: number;
  readonly partnerLogin: string;
}

/**
 * The event and request streams open on this API process: at most `maxPerProject` of a kind per
 * project, `maxPerPartner` of a partner (a partner with many projects would otherwise hold the
 * process's all) and `maxPerProcess` in all, and all ended at once when the process stops (Node's
 * server.close waits for open answers; a stream never finishes by itself). Once closing, no new
 * stream is taken.
 */
export class OpenStreams {
  private readonly open = new Map<string, Set<OpenStream>>();
  private readonly byPartner = new Map<string, number>();
  private total = 0;
  private closing = false;

  constructor(readonly settings: StreamSettings = STREAM_SETTINGS) {}

  /**
   * Takes a place for a stream of `kind` of the owner's project: 'full' beyond the project's limit,
   * 'partner-full' beyond the partner's, 'busy' beyond the process's, 'closing' once stopping; else
   * how to let it go (once).
   */
  take(kind: string, owner: StreamOwner, stream: OpenStream): 'full' | 'partner-full' | 'busy' | 'closing' | (() => void) {
    if (this.closing) return 'closing';
    const key = `${kind}:${owner.projectId}`;
    const streams = this.open.get(key) ?? new Set<OpenStream>();
    if (streams.size >= this.settings.maxPerProject) return 'full';
    const partnerCount = this.byPartner.get(owner.partnerLogin) ?? 0;
    if (partnerCount >= this.settings.maxPerPartner) return 'partner-full';
    if (this.total >= this.settings.maxPerProcess) return 'busy';
    streams.add(stream);
    this.open.set(key, streams);
    this.byPartner.set(owner.partnerLogin, partnerCount + 1);
    this.total += 1;
    return () => {
      if (!streams.delete(stream)) return;
      this.total -= 1;
      const left = (this.byPartner.get(owner.partnerLogin) ?? 1) - 1;
      if (left === 0) this.byPartner.delete(owner.partnerLogin);
      else this.byPartner.set(owner.partnerLogin, left);
      if (streams.size === 0 && this.open.get(key) === streams) this.open.delete(key);
    };
  }

  /** How many streams are open: the `kassa_open_streams` gauge, and the tests' view. */
  count(): number {
    return this.total;
  }

  /** Ends every open stream and takes no new one: the process is stopping (clients reconnect to another). */
  closeAll(): void {
    this.closing = true;
    for (const streams of [...this.open.values()]) for (const s of [...streams]) s.end();
  }
}
