// A labelled checkbox with an optional description line.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  description?: ReactNode;
}

export function Checkbox({ label, description, id, className = '', ...rest }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={`flex items-start gap-3 ${className}`}>
      <input
        id={inputId}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        aria-describedby={description ? `${inputId}-description` : undefined}
        {...rest}
      />
      <div className="text-sm">
        <label htmlFor={inputId} className="font-medium text-slate-800">
          {label}
        </label>
        {description && (
          <p id={`${inputId}-description`} className="text-slate-600">
            {description}
          </p>
        )}
      </div>
    </div>
  );
}
