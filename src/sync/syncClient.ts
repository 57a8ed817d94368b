import { ulid } from 'ulid';
import { DEFAULT_BUCKET, type SyncResource, type SyncWorkerEvent } from './syncWorkerApi';
import type { RuntimeConfig } from './api/types';
import { createBroadcast, type Broadcast } from './tabs/broadcast';
import { runAsLeader, type LockRequester } from './tabs/leader';
import { browserPageSignals, type PageSignals } from './tabs/pageSignals';
import { isSyncMessage, SYNC_CHANNEL, type SyncMessage } from './syncMessages';
import { connectSyncWorker, type SyncWorkerConnection } from './syncWorkerConnection';

export interface StartSyncOptions {
  config: RuntimeConfig;
  /** The server ended the session (seen by the leader's worker, in any tab). */
  onUnauthorized: () => void;
  /** The tabs' shared channel; opened (and closed on stop) here when not given. */
  broadcast?: Broadcast<SyncMessage>;
  bucket?: string;
  tabId?: string;
  locks?: LockRequester;
  page?: PageSignals;
  connectWorker?: () => SyncWorkerConnection;
}

export interface SyncClient {
  /** Leaves the election (the next tab takes over) and stops listening. */
  stop(): void;
  /** Fresh data now: the leader's worker polls at once, whichever tab asks. */
  refreshNow(resource: SyncResource): void;
}

interface ClientState {
  /** The worker, while this tab leads. */
  worker?: SyncWorkerConnection;
  /** Other tabs' visibility, as they announced it to this leader. */
  visibleTabs: Map<string, boolean>;
}

const ignore = () => {};

interface Tab {
  options: StartSyncOptions;
  tabId: string;
  bucket: string;
  page: PageSignals;
  broadcast: Broadcast<SyncMessage>;
  state: ClientState;
}

const announceVisibility = ({ broadcast, tabId, page }: Tab) => broadcast.post({ type: 'tab-visibility', tabId, visible: page.isVisible() });

/** Tells the leader's worker the network state and whether any tab is visible. */
function pushConditions({ page, state }: Tab): void {
  const anyTabVisible = page.isVisible() || [...state.visibleTabs.values()].some(Boolean);
  state.worker?.api.setConditions({ online: page.isOnline(), anyTabVisible }).catch(ignore);
}

function onWorkerEvent({ options, broadcast, page }: Tab, event: SyncWorkerEvent): void {
  if (event.type === 'unauthorized') {
    broadcast.post({ type: 'unauthorized' });
    options.onUnauthorized();
    return;
  }
  const { polling, lastFetchedAt, error } = event;
  broadcast.post({ type: 'sync-status', online: page.isOnline(), polling, lastFetchedAt, error });
}

function onMessage(tab: Tab, message: SyncMessage): void {
  switch (message.type) {
    case 'tab-visibility':
      tab.state.visibleTabs.set(message.tabId, message.visible);
      return pushConditions(tab);
    case 'visibility-query':
      return announceVisibility(tab);
    case 'refresh-request':
      tab.state.worker?.api.refreshNow(message.resource).catch(ignore);
      return;
    case 'unauthorized':
      return tab.options.onUnauthorized();
    default:
      return;
  }
}

/** While this tab holds the lock: its own sync worker, fed the conditions, until the signal aborts. */
async function lead(tab: Tab, signal: AbortSignal): Promise<void> {
  const { options, state, broadcast, tabId } = tab;
  const worker = (options.connectWorker ?? connectSyncWorker)();
  const unsubscribe = worker.subscribe((event) => onWorkerEvent(tab, event));
  const release = () => {
    unsubscribe();
    worker.terminate();
    if (state.worker === worker) state.worker = undefined;
  };
  signal.addEventListener('abort', release, { once: true });
  state.worker = worker;
  // What other tabs said to an earlier leader may be stale: ask them all again.
  state.visibleTabs.clear();
  broadcast.post({ type: 'leader-changed', tabId });
  broadcast.post({ type: 'visibility-query' });
  try {
    const { config } = options;
    await worker.api.start({ apis: config.apis, bucket: tab.bucket, workflowApiVersion: config.workflowApiVersion, features: config.features });
  } catch (error) {
    release(); // gives the lock up, so another tab can try
    throw error;
  }
  pushConditions(tab);
}

/**
 * The page side of sync. Every tab joins the leader election and shares its visibility; only the
 * leader runs the sync worker, feeding it the network state and whether any tab is visible, and
 * runs the refreshes other tabs ask for. When the leader tab closes, the browser hands its Web
 * Lock to the next tab, which starts its own worker at once.
 */
export function startSync(options: StartSyncOptions): SyncClient {
  const tab: Tab = {
    options,
    tabId: options.tabId ?? ulid(),
    bucket: options.bucket ?? DEFAULT_BUCKET,
    page: options.page ?? browserPageSignals(),
    broadcast: options.broadcast ?? createBroadcast<SyncMessage>(SYNC_CHANNEL, { accept: isSyncMessage }),
    state: { visibleTabs: new Map() },
  };
  const { broadcast, state } = tab;
  const unsubscribeBroadcast = broadcast.subscribe((message) => onMessage(tab, message));
  const unsubscribePage = tab.page.subscribe(() => {
    announceVisibility(tab);
    pushConditions(tab);
  });
  announceVisibility(tab);
  const leadership = runAsLeader('sync', (signal) => lead(tab, signal), options.locks);

  return {
    stop() {
      leadership.stop();
      unsubscribePage();
      unsubscribeBroadcast();
      // This tab no longer counts as a visible one for the leader.
      broadcast.post({ type: 'tab-visibility', tabId: tab.tabId, visible: false });
      if (!options.broadcast) broadcast.close();
    },
    refreshNow(resource) {
      if (state.worker) state.worker.api.refreshNow(resource).catch(ignore);
      else broadcast.post({ type: 'refresh-request', resource });
    },
  };
}
