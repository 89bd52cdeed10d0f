import { DOCUMENT_TEXTS, type DocDb, dbTitle } from "@shared/documents";
import { DatabaseIcon, TableIcon, Trash2Icon } from "lucide-react";
import { ErrorState } from "@/components/error-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/misc";
import { cn } from "@/lib/utils";

/**
 * The databases on the left: display name and file count; a click selects, a second click deselects. Each has
 * View schema and (for those who may write) Delete database.
 */
export function DbList({
  dbs,
  loading,
  error,
  onRetry,
  selected,
  canDelete,
  onSelect,
  onSchema,
  onDelete,
}: {
  dbs: readonly DocDb[];
  loading: boolean;
  error: string | null;
  onRetry(): void;
  selected: string;
  canDelete: boolean;
  onSelect(name: string): void;
  onSchema(name: string): void;
  onDelete(name: string): void;
}) {
  if (error) return <ErrorState message={error} onRetry={onRetry} className="p-4" />;
  if (loading)
    return (
      <div className="space-y-2 p-3" aria-busy>
        <p className="text-center text-sm text-muted-foreground">{DOCUMENT_TEXTS.loadingDatabases}</p>
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    );
  if (dbs.length === 0)
    return (
      <div className="flex flex-col items-center gap-2 p-6 text-center text-sm text-muted-foreground">
        <DatabaseIcon className="size-8" aria-hidden />
        <p className="font-medium text-foreground">{DOCUMENT_TEXTS.noDatabasesTitle}</p>
      </div>
    );
  return (
    <ul aria-label="Databases" className="space-y-1 p-2">
      {dbs.map((d) => (
        <DbRow
          key={d.name}
          db={d}
          active={d.name === selected}
          canDelete={canDelete}
          onSelect={onSelect}
          onSchema={onSchema}
          onDelete={onDelete}
        />
      ))}
    </ul>
  );
}

/** One database in the list: the select button with its file count, View schema, and Delete when allowed. */
function DbRow({
  db: d,
  active,
  canDelete,
  onSelect,
  onSchema,
  onDelete,
}: {
  db: DocDb;
  active: boolean;
  canDelete: boolean;
  onSelect(name: string): void;
  onSchema(name: string): void;
  onDelete(name: string): void;
}) {
  const shown = dbTitle(d);
  return (
    <li
      className={cn(
        "group flex items-center gap-1 rounded-md pr-1",
        active ? "bg-primary/10 ring-1 ring-primary/40" : "hover:bg-muted/60",
      )}
    >
      <button
        type="button"
        aria-pressed={active}
        title={d.name}
        onClick={() => onSelect(d.name)}
        className="flex min-w-0 flex-1 items-center gap-2 rounded-md px-2.5 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-ring"
      >
        <DatabaseIcon
          className={cn("size-4 shrink-0", active ? "text-primary" : "text-muted-foreground")}
          aria-hidden
        />
        <span className="line-clamp-2 min-w-0 flex-1 font-medium break-words">{shown}</span>
        <Badge variant={active ? "default" : "secondary"} aria-label={`${d.files} files`}>
          {d.files.toLocaleString()}
        </Badge>
      </button>
      <Button
        size="icon-sm"
        variant="ghost"
        className="size-7"
        title="View schema"
        aria-label={`View schema of ${shown}`}
        onClick={() => onSchema(d.name)}
      >
        <TableIcon />
      </Button>
      {canDelete && (
        <Button
          size="icon-sm"
          variant="ghost"
          className="size-7 text-destructive hover:text-destructive"
          title="Delete database"
          aria-label={`Delete database ${shown}`}
          onClick={() => onDelete(d.name)}
        >
          <Trash2Icon />
        </Button>
      )}
    </li>
  );
}
