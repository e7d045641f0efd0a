// The frame of the sign-in screens: the logo above one centred card.
import { Outlet } from 'react-router';
import { Logo } from '../ui/logo.tsx';

export default function AuthLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 px-4 py-10 sm:px-6">
      <header className="mx-auto flex w-full max-w-md justify-center">
        <Logo />
      </header>
      <main className="mx-auto mt-8 w-full max-w-md">
        <div className="rounded-lg bg-white px-5 py-8 shadow-sm ring-1 ring-slate-200 sm:px-8">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
