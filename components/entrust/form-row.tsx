import type { ReactNode } from 'react';

/** A field's message under it; the id is what the field's `aria-describedby` names. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <span className="field-error" id={id} data-field-error>
      {error}
    </span>
  ) : null;
}

export interface RowProps {
  label: string;
  htmlFor?: string;
  required?: boolean;
  children: ReactNode;
}

export function Row({ label, htmlFor, required, children }: RowProps) {
  return (
    <div className="entrust-form__row">
      <label className="entrust-form__label" htmlFor={htmlFor}>
        {required && <em aria-hidden="true">*</em>}
        {label}
      </label>
      <div className="entrust-form__control">{children}</div>
    </div>
  );
}
