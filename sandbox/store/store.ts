/**
 * The persisted store: the data (data.ts) and, with --state, the file that keeps it (state-file.ts).
 * The domain reads `data` afresh each time (a reset or a reload replaces it) and tells the store of
 * every change; the sandbox flushes before it replies.
 */
import type { SandboxData } from "./data";
import { StateFile } from "./state-file";

export interface StoreOptions {
  /** With --state: where the data is kept. */
  file?: string;
  /** The data as the fixtures start it (the demo history played in). */
  seed(): SandboxData;
  /** Whether the catalog has an offer: a state file's order naming one it lacks is refused. */
  offerExists(offerId: number): boolean;
}

export class Store {
  #data: SandboxData | null = null;
  private readonly file: StateFile | null;

  constructor(private readonly options: StoreOptions) {
    this.file = options.file ? new StateFile(options.file, () => this.data) : null;
  }

  /** Loads the state file, or seeds from the fixtures when there is none; call once, before anything reads the data. */
  open(): void {
    this.#data =
      this.file?.read(
        () => this.options.seed(),
        (offerId) => this.options.offerExists(offerId),
      ) ?? this.options.seed();
  }

  get data(): SandboxData {
    if (!this.#data) throw new Error("the store is not open yet");
    return this.#data;
  }

  /** Back to the fixtures. */
  reset(): void {
    this.#data = this.options.seed();
    this.changed();
  }

  /** Call after every change; with --state the data is written to the file shortly after, or at the next flush. */
  changed(): void {
    this.file?.changed();
  }

  /** Writes what changed now: the sandbox calls it before it replies, so whatever it confirmed is on disk. */
  flush(): void {
    this.file?.flush();
  }

  /** Writes the whole data now (on close). */
  save(): void {
    this.file?.save();
  }
}
