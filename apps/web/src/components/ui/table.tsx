// Data tables: the wrapper scrolls sideways on narrow screens instead of squeezing columns.
import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';

export function Table({ children, caption, className = '' }: { children: ReactNode; caption?: string; className?: string }) {
  return (
    // A focusable, labelled scroll region so keyboard users can scroll it too (axe: scrollable-region-focusable).
    <div className={`relative overflow-x-auto rounded-lg ring-1 ring-slate-200 ${className}`} tabIndex={0} role="region" aria-label={caption ?? 'Table'}>
      <table className="min-w-full divide-y divide-slate-200 bg-white text-sm">
        {caption && <caption className="sr-only">{caption}</caption>}
        {children}
      </table>
    </div>
  );
}

export function TableHead({ children }: { children: ReactNode }) {
  return (
    <thead className="bg-slate-50">
      <tr>{children}</tr>
    </thead>
  );
}

export function Th({ className = '', children, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th scope="col" className={`whitespace-nowrap px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 ${className}`} {...rest}>
      {children}
    </th>
  );
}

export function TableBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-slate-100">{children}</tbody>;
}

export function Td({ className = '', children, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return (
    <td className={`whitespace-nowrap px-4 py-3 text-slate-700 ${className}`} {...rest}>
      {children}
    </td>
  );
}
