// The 404 screen for any path outside the route table.
import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/button.tsx';

export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-white px-6 py-24 text-center">
      <title>Page not found · Foldline</title>
      <p className="text-base font-semibold text-indigo-600">404</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">Page not found</h1>
      <p className="mt-6 text-base text-slate-600">Sorry, we couldn&apos;t find the page you&apos;re looking for.</p>
      <div className="mt-10 flex items-center justify-center gap-4">
        <Link to="/" className={buttonClasses('primary')}>
          Go home
        </Link>
        <Link to="/dashboard" className={buttonClasses('secondary')}>
          Dashboard
        </Link>
      </div>
    </main>
  );
}
