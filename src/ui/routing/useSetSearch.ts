import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

export type SearchChange = (now: URLSearchParams) => URLSearchParams;

/**
 * Writes the query string from the address as it is now. The router's own search params (and the
 * updater form of their setter) are those of the last render, which lags a write whose render is
 * still pending: two quick writes (the search box's q, then a filter) would lose the first. The
 * writer is stable, so it does not re-render what it is handed to when the URL changes.
 */
export function useSetSearch(): (change: SearchChange, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  return useCallback((change, options) => void navigate(`?${change(new URLSearchParams(window.location.search))}`, options), [navigate]);
}
