import { type ColumnKey, DIRECTORY_COLUMNS } from "@shared/directory";
import { Columns3Icon, RotateCcwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

/** Which columns the table shows (remembered in local storage by the screen). At least one stays visible. */
export function ColumnMenu({
  visible,
  onChange,
  onReset,
}: {
  visible: readonly ColumnKey[];
  onChange(next: ColumnKey[]): void;
  onReset(): void;
}) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          <Columns3Icon /> Columns
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Visible columns</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {DIRECTORY_COLUMNS.map((c) => {
          const on = visible.includes(c.key);
          return (
            <DropdownMenuCheckboxItem
              key={c.key}
              checked={on}
              disabled={on && visible.length === 1}
              // Keep the menu open so several columns can be toggled in a row.
              onSelect={(e) => e.preventDefault()}
              onCheckedChange={(checked) =>
                onChange(
                  DIRECTORY_COLUMNS.map((x) => x.key).filter((k) =>
                    k === c.key ? checked : visible.includes(k),
                  ),
                )
              }
            >
              {c.label}
            </DropdownMenuCheckboxItem>
          );
        })}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onReset}>
          <RotateCcwIcon /> Reset to default
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
