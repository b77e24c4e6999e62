import { formatMoney } from "@/lib/format";
import type { Cell, ColumnFormat } from "./figures";

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A cell as the page shows it. */
export function displayCell(value: Cell, format: ColumnFormat): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string") return format === "month" ? monthLabel(value) : value;
  switch (format) {
    case "cents":
      return formatMoney(value, "USD");
    case "units":
      return (value / 1000).toLocaleString("en-US", { maximumFractionDigits: 1 });
    case "percent":
      return `${(value * 100).toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;
    default:
      return value.toLocaleString("en-US");
  }
}

/** "2026-11" → "Nov 2026". */
export function monthLabel(key: string): string {
  const [y, m] = key.split("-");
  return `${MONTH_NAMES[Number(m) - 1] ?? m} ${y}`;
}

/** A cell in the CSV: money in dollars and units as decimals (the edge), rates as percents; empty for none. */
export function csvCellValue(value: Cell, format: ColumnFormat): string | number | null {
  if (value === null || value === undefined || typeof value === "string") return value;
  switch (format) {
    case "cents":
      return value / 100;
    case "units":
      return value / 1000;
    case "percent":
      return Math.round(value * 1000) / 10;
    default:
      return value;
  }
}

/** The CSV header of a column: its key, with the unit the cells are in. */
export function csvHeader(key: string, format: ColumnFormat): string {
  const snake = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  if (format === "cents") return `${snake}_usd`;
  if (format === "units") return `${snake}_units`;
  if (format === "percent") return `${snake}_percent`;
  return snake;
}
