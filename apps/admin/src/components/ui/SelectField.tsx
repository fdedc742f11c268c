import ui from './ui.module.css';

interface Props<V extends string> {
  label: string;
  name: string;
  options: readonly V[];
  /** The words shown for an option. */
  labelOf: (value: V) => string;
  defaultValue: string;
  /** Given, a first option with the empty value and these words (a filter's "any"). */
  any?: string;
  disabled?: boolean;
}

/** A labelled select of a form (uncontrolled: its value is read from the submitted form). */
export function SelectField<V extends string>({
  label,
  name,
  options,
  labelOf,
  defaultValue,
  any,
  disabled,
}: Props<V>) {
  return (
    <label className={ui.field}>
      <span>{label}</span>
      <select name={name} defaultValue={defaultValue} disabled={disabled}>
        {any === undefined ? null : <option value="">{any}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {labelOf(option)}
          </option>
        ))}
      </select>
    </label>
  );
}
