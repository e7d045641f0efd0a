// Small coloured labels: statuses (green active, yellow otherwise) and performance grades.
import type { ReactNode } from 'react';

export type BadgeTone = 'green' | 'yellow' | 'red' | 'gray' | 'blue';

const TONES: Record<BadgeTone, string> = {
  green: 'bg-green-50 text-green-800 ring-green-600/30',
  yellow: 'bg-yellow-50 text-yellow-900 ring-yellow-600/40',
  red: 'bg-red-50 text-red-800 ring-red-600/30',
  gray: 'bg-slate-100 text-slate-700 ring-slate-500/30',
  blue: 'bg-indigo-50 text-indigo-800 ring-indigo-600/30',
};

export function Badge({ tone = 'gray', children, className = '' }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]} ${className}`}>{children}</span>;
}

/** The specification's status colours: green when active, yellow for anything else. */
export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={status === 'active' ? 'green' : 'yellow'}>{status}</Badge>;
}
