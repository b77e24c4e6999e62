import { Label, Options, Select } from "./input";

export type FilterOption = { value: string; label: string };

/** A list's filter: a labelled select whose first option ("" = `any`) filters nothing. */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  any,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The first option's text, e.g. "Any status". */
  any: string;
  options: readonly FilterOption[];
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{any}</option>
        <Options options={options} />
      </Select>
    </div>
  );
}
