import { JsonRows } from '../../warehouse/jsonRows';
import { QueryCancelledError, WarehouseSqlError, type ExecuteRequest, type QueryResult, type Warehouse, type WarehouseDatabase, type WarehouseReady } from '../../warehouse/types';

/**
 * A warehouse whose execute() does what the test scripts: answer rows, fail, or run until
 * cancel(). For executor tests that need timing the real DuckDB cannot give reliably.
 */
export class FakeWarehouse implements Warehouse {
  readonly requests: ExecuteRequest[] = [];
  readonly cancelled: string[] = [];
  private readonly running = new Map<string, () => void>();
  /** What the next execute() does; by default one row {n: 1}. */
  behaviour: (request: ExecuteRequest) => Promise<QueryResult> = async () => ({ columns: [{ name: 'n', type: 'INTEGER' }], rows: JsonRows.of([{ n: 1 }]), limited: false, truncatedAtBytes: null });
  private readonly list: WarehouseDatabase[] = [{ id: 1, name: 'lakehouse', catalog: 'lakehouse', allowDml: false }];

  async prepare(): Promise<WarehouseReady> {
    return { source: 'existing', ms: 0 };
  }

  databases() {
    return this.list;
  }
  database(id: number) {
    return this.list.find((database) => database.id === id) ?? null;
  }
  async schemas() {
    return ['main'];
  }
  async tables() {
    return [];
  }
  async table() {
    return null;
  }
  async searchTables() {
    return [];
  }
  async searchColumns() {
    return [];
  }
  async estimate() {
    return { outputCount: 1, cpuCost: 1, outputSize: 8 };
  }
  async close() {}

  /** Runs the behaviour once the request's gate opens; `requests` holds the ones that ran. */
  async execute(request: ExecuteRequest): Promise<QueryResult> {
    await request.gate;
    const { gate: _gate, ...ran } = request;
    this.requests.push(ran);
    return this.behaviour(request);
  }

  cancel(queryId: string): boolean {
    const stop = this.running.get(queryId);
    if (!stop) return false;
    this.cancelled.push(queryId);
    stop();
    return true;
  }

  /**
   * A query that runs until cancel(); `started` resolves once it is cancellable, which is
   * `registerAfterMs` after execute() (a real warehouse first gets a connection).
   */
  runUntilCancelled(registerAfterMs = 0): { started: Promise<void> } {
    let started!: () => void;
    const ready = new Promise<void>((resolve) => (started = resolve));
    this.behaviour = (request) =>
      new Promise((_resolve, reject) => {
        const register = () => {
          this.running.set(request.queryId, () => {
            this.running.delete(request.queryId);
            reject(new QueryCancelledError(request.queryId));
          });
          started();
        };
        if (registerAfterMs > 0) setTimeout(register, registerAfterMs);
        else register();
      });
    return { started: ready };
  }

  /** A query that cancel() finds running but that completes with its row anyway (the interrupt came too late). */
  completesDespiteCancel(): { started: Promise<void> } {
    let started!: () => void;
    const ready = new Promise<void>((resolve) => (started = resolve));
    this.behaviour = (request) =>
      new Promise((resolve) => {
        this.running.set(request.queryId, () => {
          this.running.delete(request.queryId);
          resolve({ columns: [{ name: 'n', type: 'INTEGER' }], rows: JsonRows.of([{ n: 1 }]), limited: false, truncatedAtBytes: null });
        });
        started();
      });
    return { started: ready };
  }

  failWith(message: string): void {
    this.behaviour = async () => {
      throw new WarehouseSqlError(message);
    };
  }
}
