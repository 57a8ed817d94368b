import { liveQuery } from 'dexie';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { loadIdentity, type Identity } from '../../db/identity';
import { requestPersistentStorage } from '../../db/storage';
import { createServerProbe } from '../../sync/serverProbe';
import { startSync, type SyncClient } from '../../sync/syncClient';
import { createWorkspaceCommands } from '../../sync/workspace.commands';
import { AreaProvider, type AreaServices } from '../area';
import { Loading } from '../components/Loading';
import { useDb } from '../db';
import { useAuth } from '../hooks/useAuth';
import { useServices } from '../services';
import { toast } from 'sonner';
import type { SqlLab } from '../../sync/sqlLab';
import type { CatalogServices } from '../../sync/catalogServices';

/** Polling runs in the leader tab's worker; every tab can ask it for fresh data. */
function useSync(): RefObject<SyncClient | null> {
  const { config, auth } = useServices();
  const sync = useRef<SyncClient | null>(null);
  useEffect(() => {
    const client = startSync({ config, onUnauthorized: () => auth.send({ type: 'SESSION_EXPIRED' }) });
    sync.current = client;
    return () => {
      client.stop();
      sync.current = null;
    };
  }, [config, auth]);
  return sync;
}

/**
 * While saves wait in the service worker's queue, probe the server with backoff and ask the
 * service worker to replay as soon as it answers — also when only the server was down.
 */
function useReplayWhenServerBack(onServerBack: () => void) {
  const db = useDb();
  const { apis } = useServices();
  useEffect(() => {
    const probe = createServerProbe({
      probe: () => apis.health.isUp(),
      hasQueuedSaves: async () =>
        (await db.outbox.where('state').equals('queued').count()) > 0 || (await db.workspaceChanges.where('state').equals('sending').count()) > 0,
      onServerBack,
    });
    probe.start();
    const queued = liveQuery(() => db.outbox.where('state').equals('queued').count()).subscribe((n) => n > 0 && probe.start());
    const online = () => probe.probeNow();
    window.addEventListener('online', online);
    return () => {
      probe.stop();
      queued.unsubscribe();
      window.removeEventListener('online', online);
    };
  }, [db, apis, onServerBack]);
}

/** Everything the signed-in pages share, set up once per signed-in session. */
export function AreaServicesProvider({ children }: { children: ReactNode }) {
  const db = useDb();
  const { apis, serviceWorker } = useServices();
  const [identity, setIdentity] = useState<Identity | null>(null);
  const sync = useSync();
  const user = useAuth().user;
  const username = user?.username ?? '';
  const email = user?.email;

  useEffect(() => {
    void loadIdentity(db).then(setIdentity);
    // Drafts live in IndexedDB: ask the browser not to evict them under storage pressure.
    void requestPersistentStorage();
  }, [db]);

  const value = useMemo<AreaServices | null>(() => {
    if (!identity) return null;
    const refreshWorkspace = () => sync.current?.refreshNow('workspace');
    let sqlLab: Promise<SqlLab> | null = null;
    let catalog: Promise<CatalogServices> | null = null;
    return {
      identity,
      workspace: createWorkspaceCommands({ db, identity, api: apis.notebook, onSaved: refreshWorkspace }),
      refreshWorkspace,
      requestReplay: serviceWorker.requestReplay,
      sqlLab: () =>
        (sqlLab ??= Promise.all([import('../../sync/sqlLab'), apis.bi()]).then(([{ createSqlLab }, api]) =>
          createSqlLab({ db, identity, username, api, notify: ({ kind, message }) => toast[kind](message) }),
        )),
      catalog: () =>
        (catalog ??= Promise.all([import('../../sync/catalogServices'), apis.bi()]).then(([{ createCatalogServices }, api]) =>
          createCatalogServices({ db, identity, username, email, api }),
        )),
      dispose: () => void sqlLab?.then((lab) => lab.stop()),
    };
  }, [db, identity, apis, sync, serviceWorker, username, email]);
  useEffect(() => () => value?.dispose(), [value]);

  const onServerBack = useCallback(() => {
    serviceWorker.requestReplay();
    void value?.workspace.resendUnconfirmed();
  }, [serviceWorker, value]);
  useReplayWhenServerBack(onServerBack);
  useEffect(() => void value?.workspace.resendUnconfirmed(), [value]);
  useEffect(() => serviceWorker.onReplayed(() => sync.current?.refreshNow('workspace')), [serviceWorker, sync]);

  if (!value) return <Loading />;
  return <AreaProvider value={value}>{children}</AreaProvider>;
}
