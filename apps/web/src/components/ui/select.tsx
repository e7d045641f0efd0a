// A labelled native select: native keeps keyboard, mobile pickers and screen readers right for free.
import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { inputClasses } from './text-field.tsx';

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
}

export interface SelectProps<V extends string = string> extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  label: ReactNode;
  options: readonly SelectOption<V>[];
  value: V;
  onChange: (value: V) => void;
  hideLabel?: boolean;
  hint?: ReactNode;
}

export function Select<V extends string = string>({ label, options, value, onChange, hideLabel = false, hint, id, className = '', ...rest }: SelectProps<V>) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className={className}>
      <label htmlFor={selectId} className={hideLabel ? 'sr-only' : 'block text-sm font-medium text-slate-800'}>
        {label}
      </label>
      <select
        id={selectId}
        className={`${inputClasses} pr-8 ${hideLabel ? '' : 'mt-1'}`}
        value={value}
        onChange={(event) => onChange(event.target.value as V)}
        aria-describedby={hint ? `${selectId}-hint` : undefined}
        {...rest}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${selectId}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}
