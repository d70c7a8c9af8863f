type Props = { page: number; pages: number; label: string; onPage: (page: number) => void };

export function Pager({ page, pages, label, onPage }: Props) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={`${label} pages`}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-live="polite">
        Page {page} of {pages}
      </span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
