// The top-level screen for an uncaught rendering error (or a route module that failed to load).
import { useRouteError } from 'react-router';
import { Button } from '../components/ui/button.tsx';

export function RootError() {
  const error = useRouteError();
  // The details help whoever reads the console; the screen itself stays calm.
  console.error(error);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-white px-6 py-24 text-center">
      <title>Something went wrong · Foldline</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Something went wrong</h1>
      <p className="mt-4 max-w-md text-base text-slate-600">An unexpected error stopped this page. Reloading usually fixes it.</p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        Reload Page
      </Button>
    </main>
  );
}
