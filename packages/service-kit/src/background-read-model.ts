import { backOff } from 'exponential-backoff';
import type { EventBroker } from './broker';
import { AppError } from './errors';
import { EventFedReadModel, readOwnWrite, type ReadModelSource } from './event-fed-read-model';
import type { Logger } from './logger';
import { settlesWithin } from './settles-within';

/** How long a call waits for the first read before it answers 503. */
const FIRST_READ_WAIT_MS = 5_000;

/**
 * An `EventFedReadModel` read after the service listens, for an admin list: the service's own
 * calls must not wait for it (tens of seconds at 100,000 records on the local database). Its first
 * read is tried again (up to every 30 s) until it succeeds; until then `isRead` says no, and the
 * list answers 503.
 */
export class BackgroundReadModel {
  private readonly kept: EventFedReadModel;
  private stopped = false;
  private markRead!: () => void;
  private readonly firstRead = new Promise<void>((resolve) => (this.markRead = resolve));

  constructor(
    source: ReadModelSource,
    private readonly logger: Logger,
  ) {
    this.kept = new EventFedReadModel(
      {
        ...source,
        readAll: async () => {
          const size = await source.readAll();
          this.markRead();
          return size;
        },
      },
      logger,
    );
  }

  /** Waits up to `FIRST_READ_WAIT_MS` for the first read; a list still loading answers 503 with `loadingMessage`. */
  async whenRead(loadingMessage: string): Promise<void> {
    if (!(await this.isRead(FIRST_READ_WAIT_MS))) throw new AppError(503, loadingMessage);
  }

  /** Whether the first read has ended within `waitMs`. */
  async isRead(waitMs: number): Promise<boolean> {
    return settlesWithin(
      this.firstRead.then(() => true),
      waitMs,
    ).then((read) => read === true);
  }

  /** Receives the source's events on this instance's own queue; register before the broker starts. */
  subscribe(broker: EventBroker): void {
    this.kept.subscribe(broker);
  }

  readInBackground(): void {
    void backOff(() => this.kept.warmUp(), {
      numOfAttempts: Number.MAX_SAFE_INTEGER,
      startingDelay: 1_000,
      maxDelay: 30_000,
      retry: (err: unknown) => {
        if (this.stopped) return false;
        this.logger.warn({ err: String(err) }, 'read model not read; reading it again');
        return true;
      },
    }).catch(() => undefined);
  }

  /** After this instance wrote these records: its caller's next answer shows the change. */
  written(ids: readonly string[]): Promise<void> {
    return readOwnWrite(this.kept.refresh(ids));
  }

  stop(): void {
    this.stopped = true;
    this.kept.stop();
  }
}
