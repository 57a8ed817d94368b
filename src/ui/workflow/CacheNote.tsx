import { formatDistanceToNow } from 'date-fns';

/** Says how old a workflow view is when the server could not refresh it (offline, server down). */
export function CacheNote({ fetchedAt, error, what }: { fetchedAt: number | undefined; error: string | undefined; what: string }) {
  if (!error || !fetchedAt) return null;
  return (
    <p className="cache-note" role="status">
      Showing the {what} from {formatDistanceToNow(fetchedAt, { addSuffix: true })}: {error}.
    </p>
  );
}
