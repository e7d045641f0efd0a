// Success, error, warning and info messages; errors are announced assertively, the rest politely.
import type { ReactNode } from 'react';

export type AlertVariant = 'success' | 'error' | 'warning' | 'info';

const STYLES: Record<AlertVariant, string> = {
  success: 'bg-green-50 text-green-800 ring-green-600/30',
  error: 'bg-red-50 text-red-800 ring-red-600/30',
  warning: 'bg-yellow-50 text-yellow-900 ring-yellow-600/40',
  info: 'bg-indigo-50 text-indigo-900 ring-indigo-600/30',
};

const ICONS: Record<AlertVariant, string> = {
  success: 'M9 12.75 11.25 15 15 9.75M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  error: 'M12 9v3.75m9-.75a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-9 3.75h.008v.008H12v-.008Z',
  warning: 'M12 9v3.75m-9.303 3.376c-.866 1.5.217 3.374 1.948 3.374h14.71c1.73 0 2.813-1.874 1.948-3.374L13.949 3.378c-.866-1.5-3.032-1.5-3.898 0L2.697 16.126ZM12 15.75h.007v.008H12v-.008Z',
  info: 'm11.25 11.25.041-.02a.75.75 0 0 1 1.063.852l-.708 2.836a.75.75 0 0 0 1.063.853l.041-.021M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-9-3.75h.008v.008H12V8.25Z',
};

export interface AlertProps {
  variant: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}

export function Alert({ variant, title, children, className = '' }: AlertProps) {
  return (
    <div role={variant === 'error' ? 'alert' : 'status'} className={`flex gap-3 rounded-md p-4 text-sm ring-1 ring-inset ${STYLES[variant]} ${className}`}>
      <svg className="size-5 shrink-0" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <path strokeLinecap="round" strokeLinejoin="round" d={ICONS[variant]} />
      </svg>
      <div className="min-w-0 space-y-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div>{children}</div>}
      </div>
    </div>
  );
}
