'use client';
import type { Field } from '@/lib/entrust-form-state';
import { formMessages } from '@/lib/client/form-messages';
import { FieldError } from './form-row';
import { shownFor, type EntrustFormModel } from './use-entrust-form';

const M = formMessages.entrustForm;

type TextField = 'building' | 'unit' | 'room' | 'contactName';
type NumberField = 'area' | 'rooms' | 'halls' | 'baths' | 'floor' | 'totalFloors' | 'price';
type SelectField = 'orientation' | 'decoration' | 'payment' | 'rentType';

/** The inputs of the entrust form, each tied to its field's value, message and `aria-describedby`. */
export function fieldKit({ id, form, errors, set }: EntrustFormModel) {
  const err = (f: Field) => ({
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': errors[f] ? id(`${shownFor(errors, f)}-error`) : undefined,
  });
  return {
    err,
    error: (f: Field) => <FieldError id={id(`${f}-error`)} error={errors[f]} />,
    rowErrors: (fields: Field[]) =>
      fields.map((f) => (shownFor(errors, f) === f ? <FieldError key={f} id={id(`${f}-error`)} error={errors[f]} /> : null)),
    /** `label` names a field that shares its row's label with others (栋 / 单元 / 门牌): a placeholder is no name. */
    text: (f: TextField, placeholder: string, max: number, label?: string) => (
      <input
        id={id(f)}
        type="text"
        value={form[f]}
        placeholder={placeholder}
        aria-label={label}
        maxLength={max + 5}
        onChange={(e) => set(f, e.target.value)}
        {...err(f)}
      />
    ),
    number: (f: NumberField, label: string, step = '1') => (
      <input
        id={id(f)}
        type="number"
        inputMode="decimal"
        step={step}
        value={form[f]}
        aria-label={label}
        onChange={(e) => set(f, e.target.value)}
        {...err(f)}
      />
    ),
    select: (f: SelectField, options: readonly { value: string; label: string }[]) => (
      <select id={id(f)} value={form[f]} onChange={(e) => set(f, e.target.value)} {...err(f)}>
        <option value="">{M.choose}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    ),
  };
}

export type FieldKit = ReturnType<typeof fieldKit>;

export const words = (list: readonly string[]) => list.map((w) => ({ value: w, label: w }));
