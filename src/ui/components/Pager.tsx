interface Props {
  /** Accessible name of the pager ("History pages"). */
  label: string;
  /** 0-based. */
  page: number;
  pageSize: number;
  count: number;
  /** What is counted, plural ("queries"). */
  noun: string;
  onPage: (page: number) => void;
}

/** Previous / Next over a server list answered page by page, with "Page n of m · count things". */
export function Pager({ label, page, pageSize, count, noun, onPage }: Props) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  return (
    <div className="pager" aria-label={label}>
      <button type="button" className="button small" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page + 1} of {pages} · {count} {noun}
      </span>
      <button type="button" className="button small" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </div>
  );
}
