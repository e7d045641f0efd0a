// Data tables: the wrapper scrolls sideways instead of squeezing columns; `fixed` tables fill their box with set
// column widths, and `cards` tables turn each row into a card of labelled lines on phones, so every figure shows.
import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';

export interface TableProps {
  children: ReactNode;
  caption?: string;
  className?: string;
  /**
   * Column widths come from the header cells (a width class on each Th but one, which takes the rest and whose
   * content truncates; headers wrap): the table is as wide as its box and never wider, down to a minimum width set
   * through `tableClassName` ('md:min-w-[44rem]'), below which it scrolls.
   */
  fixed?: boolean;
  tableClassName?: string;
  /** Narrower cell padding, for tables with many columns. */
  dense?: boolean;
  /** Below the md breakpoint each row is a card and each cell a line headed by its Td's `label` (styles.css). */
  cards?: boolean;
}

export function Table({ children, caption, className = '', fixed = false, tableClassName = '', dense = false, cards = false }: TableProps) {
  return (
    // A focusable, labelled scroll region so keyboard users can scroll it too (axe: scrollable-region-focusable).
    <div
      className={`relative overflow-x-auto rounded-lg ring-1 ring-slate-200 ${cards ? 'max-md:overflow-visible max-md:ring-0' : ''} ${className}`}
      tabIndex={0}
      role="region"
      aria-label={caption ?? 'Table'}
    >
      <table className={`min-w-full divide-y divide-slate-200 bg-white text-sm ${fixed ? 'w-full table-fixed [&_th]:whitespace-normal' : ''} ${dense ? '[&_td]:px-3 [&_th]:px-3' : ''} ${cards ? 'table-cards' : ''} ${tableClassName}`}>
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

/** Cells keep to one line unless the caller says how they wrap: both classes at once would leave it to the order of
 * Tailwind's stylesheet, where `whitespace-nowrap` comes last and wins (a figure's name ran into the next column). */
const wrapping = (className: string) => (/\bwhitespace-/.test(className) ? '' : 'whitespace-nowrap ');

export function Th({ className = '', children, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th scope="col" className={`${wrapping(className)}px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 ${className}`} {...rest}>
      {children}
    </th>
  );
}

export function TableBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-slate-100">{children}</tbody>;
}

export interface TdProps extends TdHTMLAttributes<HTMLTableCellElement> {
  /** The column's name, shown before the value when a `cards` table is a card (phones). Without it the cell spans the card. */
  label?: string;
}

export function Td({ className = '', children, label, ...rest }: TdProps) {
  return (
    <td className={`${wrapping(className)}px-4 py-3 text-slate-700 ${className}`} data-label={label} {...rest}>
      {children}
    </td>
  );
}
