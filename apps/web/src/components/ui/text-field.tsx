// Labelled text inputs and text areas with an optional hint and error, wired for assistive technology.
import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

export const inputClasses =
  'block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 ' +
  'placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-indigo-600 disabled:bg-slate-50 disabled:text-slate-500 ' +
  'read-only:bg-slate-50 aria-[invalid=true]:ring-red-500';

interface FieldChrome {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Visually hidden label (the field still has one for screen readers). */
  hideLabel?: boolean;
}

/** The label, hint and error around one control, and the attributes that tie the control to them. */
function useFieldFrame({ label, hint, error, hideLabel = false, id, className = '' }: FieldChrome & { id?: string; className?: string }) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const described = [hint ? `${inputId}-hint` : '', error ? `${inputId}-error` : ''].filter(Boolean).join(' ');
  const controlProps = {
    id: inputId,
    className: `${inputClasses} ${hideLabel ? '' : 'mt-1'}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
  };
  const frame = (control: ReactNode) => (
    <div className={className}>
      <label htmlFor={inputId} className={hideLabel ? 'sr-only' : 'block text-sm font-medium text-slate-800'}>
        {label}
      </label>
      {control}
      {hint && (
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
  return { controlProps, frame };
}

export type TextFieldProps = FieldChrome & InputHTMLAttributes<HTMLInputElement>;

export function TextField({ label, hint, error, hideLabel, id, className, ...rest }: TextFieldProps) {
  const { controlProps, frame } = useFieldFrame({ label, hint, error, hideLabel, id, className });
  return frame(<input {...controlProps} {...rest} />);
}

/** Same as TextField; the name many forms reach for. */
export const Input = TextField;

export type TextAreaProps = FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>;

export function TextArea({ label, hint, error, hideLabel, id, className, ...rest }: TextAreaProps) {
  const { controlProps, frame } = useFieldFrame({ label, hint, error, hideLabel, id, className });
  return frame(<textarea {...controlProps} {...rest} />);
}
