// The frame of the public pages: top bar (section links, sign-in or dashboard links), a mobile menu and the footer.
import { useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { useScrollToHash } from '../../lib/use-scroll-to-hash.ts';
import { buttonClasses } from '../ui/button.tsx';
import { Logo } from '../ui/logo.tsx';

const SECTION_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/#features', label: 'Features' },
  { to: '/#how-it-works', label: 'How It Works' },
] as const;

const FOOTER_GROUPS = [
  {
    title: 'Product',
    links: [
      { to: '/#features', label: 'Features' },
      { to: '/#how-it-works', label: 'How It Works' },
      { to: '/about#testimonials', label: 'Testimonials' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { to: '/docs', label: 'Documentation' },
      { to: '/contact', label: 'Contact' },
      { to: '/about', label: 'About' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/terms-of-use', label: 'Terms of Use' },
    ],
  },
] as const;

const navLinkClasses = 'rounded-md px-1 text-sm font-medium text-slate-700 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600';

export default function PublicLayout() {
  const { isAuthenticated, signOut } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(location.pathname + location.hash);
  useScrollToHash();

  // Following a link closes the mobile menu (state derived from the location, no effect needed).
  if (menuPath !== location.pathname + location.hash) {
    setMenuPath(location.pathname + location.hash);
    setMenuOpen(false);
  }

  const logout = () => {
    signOut();
    setMenuOpen(false);
    void navigate('/');
  };

  const sessionLinks = isAuthenticated ? (
    <>
      <Link to="/dashboard" className={buttonClasses('secondary', 'sm')}>
        Dashboard
      </Link>
      <button type="button" onClick={logout} className={buttonClasses('primary', 'sm')}>
        Logout
      </button>
    </>
  ) : (
    <>
      <Link to="/auth/login" className={buttonClasses('secondary', 'sm')}>
        Login
      </Link>
      <Link to="/auth/register" className={buttonClasses('primary', 'sm')}>
        Sign Up
      </Link>
    </>
  );

  return (
    <div className="flex min-h-screen flex-col bg-white">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow">
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
          <Logo />
          <div className="hidden items-center gap-8 md:flex">
            {SECTION_LINKS.map((link) => (
              <Link key={link.to} to={link.to} className={navLinkClasses}>
                {link.label}
              </Link>
            ))}
          </div>
          <div className="hidden items-center gap-3 md:flex">{sessionLinks}</div>
          <button
            type="button"
            className="inline-flex items-center justify-center rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
            <svg className="size-6" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
              {menuOpen ? (
                <path strokeLinecap="round" strokeLinejoin="round" d="M6 18 18 6M6 6l12 12" />
              ) : (
                <path strokeLinecap="round" strokeLinejoin="round" d="M3.75 6.75h16.5M3.75 12h16.5m-16.5 5.25h16.5" />
              )}
            </svg>
          </button>
        </nav>
        {/* A disclosure, not a dialog: the page stays usable, so no focus trap is wanted here. */}
        <div id="mobile-menu" hidden={!menuOpen} className="border-t border-slate-200 px-4 pb-4 md:hidden">
          <div className="flex flex-col py-2">
            {SECTION_LINKS.map((link) => (
              <Link key={link.to} to={link.to} className="rounded-md px-2 py-2 text-base font-medium text-slate-800 hover:bg-slate-50">
                {link.label}
              </Link>
            ))}
          </div>
          <div className="flex gap-3 border-t border-slate-200 pt-4">{sessionLinks}</div>
        </div>
      </header>

      <main id="main" className="flex-1">
        <Outlet />
      </main>

      <footer className="border-t border-slate-200 bg-slate-900 text-slate-300">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
          <div>
            <Logo light />
            <p className="mt-4 text-sm text-slate-400">Self-hostable web analytics, heatmaps and ad-placement optimisation for publishers.</p>
          </div>
          {FOOTER_GROUPS.map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <h2 className="text-sm font-semibold text-white">{group.title}</h2>
              <ul className="mt-4 space-y-3">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="text-sm text-slate-300 hover:text-white">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="border-t border-slate-800 py-6 text-center text-xs text-slate-400">© {new Date().getFullYear()} Foldline. All rights reserved.</div>
      </footer>
    </div>
  );
}
