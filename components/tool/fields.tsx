import type { ReactNode } from 'react';
import { FIELD_RANGES, type RangedField } from '@/lib/tool/tool-query';
import { messages } from '@/lib/messages';
import styles from './tool.module.css';

const T = messages.tool;

/** Yuan to the fen as the banks print it: 4490.45. */
export const fen = (yuan: number): string => (Math.round(yuan * 100 + (yuan >= 0 ? 1e-7 : -1e-7)) / 100).toFixed(2);

/** A number input of one URL field, with the range the parser accepts. */
export function NumberField({
  name,
  value,
  step = 'any',
  hint,
}: {
  name: RangedField;
  value: number | string;
  step?: string;
  hint?: ReactNode;
}) {
  const r = FIELD_RANGES[name];
  const id = `tool-${name}`;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{T.fields[name]}</label>
      <input id={id} name={name} type="number" inputMode="decimal" min={r.min} max={r.max} step={step} defaultValue={value} />
      {hint && <p className={styles.hint}>{hint}</p>}
    </div>
  );
}

/** A group of radio buttons for one URL field (a fieldset, so a screen reader hears the question). */
export function Choice<V extends string | number>({
  name,
  legend,
  options,
  value,
}: {
  name: string;
  legend: string;
  options: Record<V, string>;
  value: V;
}) {
  return (
    <fieldset className={styles.choice}>
      <legend>{legend}</legend>
      {(Object.entries(options) as [string, string][]).map(([v, label]) => (
        <label key={v}>
          <input type="radio" name={name} value={v} defaultChecked={String(value) === v} /> {label}
        </label>
      ))}
    </fieldset>
  );
}

/** A figure of the result: a label and an amount with its unit. */
export function Figure({ label, value, unit, big }: { label: string; value: string; unit: string; big?: boolean }) {
  return (
    <div className={big ? `${styles.figure} ${styles.figureBig}` : styles.figure}>
      <dt>{label}</dt>
      <dd>
        <strong data-figure={label}>{value}</strong> {unit}
      </dd>
    </div>
  );
}
