import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { TableMetadata, TablePreview } from '../../../contracts/biCatalog';
import { cacheKeys, parseNodeId } from '../../model/catalog/tree';
import type { CatalogNode } from '../../model/catalog/types';
import type { CatalogCommandResult } from '../../commands/catalog/edits';
import type { CatalogBrowser } from '../../commands/catalog/browser';
import { featureOn } from '../../../contracts/config';
import { useApp, useSignedIn } from '../appContext';
import { useAuth } from '../hooks/useAuth';
import { NodeDetails, type TableFacts } from './NodeDetails';

interface SelectedNodeProps {
  node: CatalogNode;
  services: CatalogBrowser;
  metadata: ReadonlyMap<string, TableMetadata> | undefined;
  run: (command: Promise<CatalogCommandResult>) => Promise<CatalogCommandResult>;
}

export function SelectedNode({ node, services, metadata, run }: SelectedNodeProps) {
  const facts = useTableFacts(services, node, metadata, featureOn(useApp().config.features, 'biTablePreview'));
  const admin = useAuth().user?.role === 'admin';
  const { sqlLab } = useSignedIn();
  const navigate = useNavigate();
  const openInSql = async (sql: string) => {
    const lab = await sqlLab();
    const opened = await lab.tabs.openTab({ name: node.name, sql, databaseId: node.pk, schema: node.schemaName, catalog: null });
    if (opened.ok) navigate('/admin/sql');
  };
  return (
    <NodeDetails
      node={node}
      facts={facts}
      ownerChoices={services.edits.ownerChoices}
      canOpenInSql={admin && !node.created}
      onOpenInSql={(sql) => void openInSql(sql)}
      onSetOwner={(owner) => void run(services.edits.setOwner(node.id, owner))}
      onSetDescription={(description) => void run(services.edits.setDescription(node.id, description))}
    />
  );
}

/** A server table's metadata (from the cache) and its first rows (asked for when it is selected). */
function useTableFacts(services: CatalogBrowser, node: CatalogNode, metadata: ReadonlyMap<string, TableMetadata> | undefined, previews: boolean): TableFacts | null {
  const isTable = node.type === 'table' && !node.created && node.pk !== null && node.schemaName !== null;
  const [schema, table] = isTable ? [node.schemaName!, parseNodeId(node.id)[2]] : [null, null];
  const [preview, setPreview] = useState<{ key: string; data: TablePreview | null; error: string | null }>({ key: '', data: null, error: null });
  const key = isTable ? node.id : '';
  // On demand, not live-cached (intentional): first rows are a look at the data now, never kept offline.
  useEffect(() => {
    if (!isTable || node.pk === null || !schema || !table || !previews) return;
    const controller = new AbortController();
    services.preview(node.pk, schema, table, { signal: controller.signal }).then(
      (data) => setPreview({ key: node.id, data, error: null }),
      (error: unknown) => !controller.signal.aborted && setPreview({ key: node.id, data: null, error: navigator.onLine ? errorText(error) : 'not available offline' }),
    );
    return () => controller.abort();
  }, [services, isTable, node.id, node.pk, schema, table, previews]);
  return useMemo(() => {
    if (!isTable || node.pk === null || !schema || !table) return null;
    const current = preview.key === key;
    return {
      metadata: metadata?.get(cacheKeys.table(node.pk, schema, table)) ?? null,
      preview: previews ? { data: current ? preview.data : null, error: current ? preview.error : null, loading: !current } : NO_PREVIEW,
    };
  }, [isTable, node.pk, schema, table, metadata, preview, key, previews]);
}

/** The preview of a BI server without one (/config.json's biTablePreview is false). */
const NO_PREVIEW = { data: null, error: 'this BI server has no table preview', loading: false };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
