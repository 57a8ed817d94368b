import { Link, useLocation } from 'react-router-dom';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="empty-state">
      <h2>Page not found</h2>
      <p className="muted">
        Nothing lives at <code>{pathname}</code>.
      </p>
      <Link className="button" to="/admin/default">
        Back to home
      </Link>
    </div>
  );
}
