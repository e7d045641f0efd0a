// The frame of every signed-in screen: sidebar (slide-over on mobile), top bar with the user menu, and the page.
import { Dialog, DialogBackdrop, DialogPanel, Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { useScrollToHash } from '../../lib/use-scroll-to-hash.ts';
import { Logo } from '../ui/logo.tsx';

const NAVIGATION = [
  { to: '/dashboard', label: 'Dashboard', end: true, icon: 'm2.25 12 8.954-8.955a1.126 1.126 0 0 1 1.591 0L21.75 12M4.5 9.75v10.125c0 .621.504 1.125 1.125 1.125H9.75v-4.875c0-.621.504-1.125 1.125-1.125h2.25c.621 0 1.125.504 1.125 1.125V21h4.125c.621 0 1.125-.504 1.125-1.125V9.75M8.25 21h8.25' },
  { to: '/dashboard/websites', label: 'Websites', end: false, icon: 'M12 21a9.004 9.004 0 0 0 8.716-6.747M12 21a9.004 9.004 0 0 1-8.716-6.747M12 21c2.485 0 4.5-4.03 4.5-9S14.485 3 12 3m0 18c-2.485 0-4.5-4.03-4.5-9S9.515 3 12 3m0 0a8.997 8.997 0 0 1 7.843 4.582M12 3a8.997 8.997 0 0 0-7.843 4.582m15.686 0A11.953 11.953 0 0 1 12 10.5c-2.998 0-5.74-1.1-7.843-2.918m15.686 0A8.959 8.959 0 0 1 21 12c0 .778-.099 1.533-.284 2.253m0 0A17.919 17.919 0 0 1 12 16.5c-3.162 0-6.133-.815-8.716-2.247m0 0A9.015 9.015 0 0 1 3 12c0-1.605.42-3.113 1.157-4.418' },
  { to: '/dashboard/settings', label: 'Settings', end: false, icon: 'M10.343 3.94c.09-.542.56-.94 1.11-.94h1.093c.55 0 1.02.398 1.11.94l.149.894c.07.424.384.764.78.93.398.164.855.142 1.205-.108l.737-.527a1.125 1.125 0 0 1 1.45.12l.773.774c.39.389.44 1.002.12 1.45l-.527.737c-.25.35-.272.806-.107 1.204.165.397.505.71.93.78l.893.15c.543.09.94.559.94 1.109v1.094c0 .55-.397 1.02-.94 1.11l-.894.149c-.424.07-.764.383-.929.78-.165.398-.143.854.107 1.204l.527.738c.32.447.269 1.06-.12 1.45l-.774.773a1.125 1.125 0 0 1-1.449.12l-.738-.527c-.35-.25-.806-.272-1.203-.107-.398.165-.71.505-.781.929l-.149.894c-.09.542-.56.94-1.11.94h-1.094c-.55 0-1.019-.398-1.11-.94l-.148-.894c-.071-.424-.384-.764-.781-.93-.398-.164-.854-.142-1.204.108l-.738.527c-.447.32-1.06.269-1.45-.12l-.773-.774a1.125 1.125 0 0 1-.12-1.45l.527-.737c.25-.35.272-.806.108-1.204-.165-.397-.506-.71-.93-.78l-.894-.15c-.542-.09-.94-.56-.94-1.109v-1.094c0-.55.398-1.02.94-1.11l.894-.149c.424-.07.765-.383.93-.78.165-.398.143-.854-.108-1.204l-.526-.738a1.125 1.125 0 0 1 .12-1.45l.773-.773a1.125 1.125 0 0 1 1.45-.12l.737.527c.35.25.807.272 1.204.107.397-.165.71-.505.78-.929l.15-.894ZM15 12a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z' },
] as const;

function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Dashboard" className="flex flex-1 flex-col gap-1">
      {NAVIGATION.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          end={item.end}
          onClick={onNavigate}
          className={({ isActive }) =>
            `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-indigo-400 ${
              isActive ? 'bg-slate-800 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white'
            }`
          }
        >
          <svg className="size-5 shrink-0" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
            <path strokeLinecap="round" strokeLinejoin="round" d={item.icon} />
          </svg>
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}

function initialOf(name: string | undefined): string {
  const letter = name?.trim().charAt(0);
  return letter ? letter.toUpperCase() : '?';
}

export default function DashboardLayout() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  useScrollToHash();

  // Sign out goes to / (specification section 2): leave first, and end the session only once this frame is gone.
  // Ended while the /dashboard guard is still on screen, it sends the browser to /auth/login instead. Waiting for the
  // navigation's promise is not enough: the router commits the new location in a transition, and the session's store
  // update renders before it, on the old location (the guard redirected after the landing page had shown).
  const signingOut = useRef(false);
  useEffect(
    () => () => {
      if (signingOut.current) signOut();
    },
    [signOut],
  );
  const logout = () => {
    signingOut.current = true;
    void navigate('/', { replace: true });
  };

  return (
    <div className="min-h-screen bg-slate-50">
      <a href="#content" className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow">
        Skip to content
      </a>

      {/* Mobile slide-over: Headless UI keeps focus inside and closes on Escape or a click outside. */}
      <Dialog open={sidebarOpen} onClose={setSidebarOpen} aria-label="Navigation" className="relative z-50 lg:hidden">
        <DialogBackdrop transition className="fixed inset-0 bg-slate-900/80 transition-opacity duration-200 data-closed:opacity-0" />
        <div className="fixed inset-0 flex">
          <DialogPanel transition className="relative flex w-full max-w-xs flex-1 flex-col gap-6 bg-slate-900 px-4 pb-4 pt-5 transition duration-200 data-closed:-translate-x-full">
            <div className="flex items-center justify-between">
              <Logo to="/dashboard" light />
              <button type="button" onClick={() => setSidebarOpen(false)} className="rounded-md p-2 text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-400">
                <span className="sr-only">Close sidebar</span>
                <svg className="size-6" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
                  <path strokeLinecap="round" strokeLinejoin="round" d="M6 18 18 6M6 6l12 12" />
                </svg>
              </button>
            </div>
            <SidebarNav onNavigate={() => setSidebarOpen(false)} />
          </DialogPanel>
        </div>
      </Dialog>

      {/* Desktop sidebar. */}
      <aside className="hidden lg:fixed lg:inset-y-0 lg:flex lg:w-64 lg:flex-col lg:gap-8 lg:bg-slate-900 lg:px-4 lg:py-6">
        <Logo to="/dashboard" light />
        <SidebarNav />
      </aside>

      <div className="lg:pl-64">
        <header className="sticky top-0 z-40 flex h-16 items-center gap-4 border-b border-slate-200 bg-white px-4 shadow-sm sm:px-6 lg:px-8">
          <button type="button" onClick={() => setSidebarOpen(true)} className="-m-2 rounded-md p-2 text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600 lg:hidden">
            <span className="sr-only">Open sidebar</span>
            <svg className="size-6" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
              <path strokeLinecap="round" strokeLinejoin="round" d="M3.75 6.75h16.5M3.75 12h16.5m-16.5 5.25h16.5" />
            </svg>
          </button>
          {/* Below lg the sidebar, and the logo in it, is hidden: the bar carries the logo. */}
          <div className="lg:hidden">
            <Logo to="/dashboard" />
          </div>
          <div className="flex-1" />
          <Menu as="div" className="relative">
            <MenuButton className="flex items-center gap-2 rounded-full p-1 focus-visible:outline-2 focus-visible:outline-indigo-600">
              <span className="sr-only">Open user menu</span>
              <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white">
                {initialOf(user?.name)}
              </span>
              <span aria-hidden="true" className="hidden text-sm font-semibold text-slate-800 sm:block">
                {user?.name}
              </span>
            </MenuButton>
            <MenuItems
              anchor="bottom end"
              className="z-50 mt-2 w-60 rounded-md bg-white py-1 shadow-lg ring-1 ring-slate-900/10 focus:outline-none"
            >
              <div className="border-b border-slate-100 px-4 py-3">
                <p className="truncate text-sm font-semibold text-slate-900">{user?.name}</p>
                <p className="truncate text-sm text-slate-600">{user?.email}</p>
              </div>
              <MenuItem>
                <Link to="/dashboard/settings" className="block px-4 py-2 text-sm text-slate-700 data-focus:bg-slate-100">
                  Settings
                </Link>
              </MenuItem>
              <MenuItem>
                <button type="button" onClick={logout} className="block w-full px-4 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100">
                  Sign out
                </button>
              </MenuItem>
            </MenuItems>
          </Menu>
        </header>
        <main id="content" className="px-4 py-6 sm:px-6 lg:px-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
