import { DOCUMENT_TEXTS, type DocDb, type DocFile, dbTitle } from "@shared/documents";
import {
  ChevronRightIcon,
  DatabaseIcon,
  FileJsonIcon,
  FileTextIcon,
  SparklesIcon,
  Trash2Icon,
} from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/misc";
import { trpc } from "@/lib/trpc";

export interface RowActions {
  onSchema(db: string): void;
  onExport(db: string): void;
  onEmbeddings(db: string): void;
  onDelete(db: string): void;
  onOpenFile(db: string, file: DocFile): void;
  busy: boolean;
  /** The database whose embeddings are being refreshed now. */
  embedding?: string;
  /** Why Refresh embeddings cannot run here (no embedding model configured), if so. */
  embeddingsOff?: string;
}

const STATUS_VARIANT = {
  indexed: "success",
  failed: "destructive",
  processing: "warning",
  queued: "secondary",
} as const;

/** The files of an open row, loaded when it opens. */
function FileList({ db, onOpen }: { db: string; onOpen(file: DocFile): void }) {
  const files = trpc.documents.listFiles.useQuery({ db_name: db }, { retry: false });
  if (files.isPending)
    return <p className="px-10 pb-3 text-sm text-muted-foreground">{DOCUMENT_TEXTS.loadingFiles}</p>;
  const list = files.data?.files ?? [];
  if (files.error || list.length === 0)
    return <p className="px-10 pb-3 text-sm text-muted-foreground">{DOCUMENT_TEXTS.noFileList}</p>;
  return (
    <ul className="space-y-0.5 px-10 pb-3" aria-label={`Files in ${db}`}>
      {list.map((f) => (
        <li key={f.id} className="flex items-center gap-2 text-sm">
          <FileTextIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          <button
            type="button"
            className="min-w-0 truncate text-left text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            title={f.error ?? f.fileName}
            onClick={() => onOpen(f)}
          >
            {f.fileName}
          </button>
          {f.pages > 0 && <span className="shrink-0 text-xs text-muted-foreground">{f.pages} p.</span>}
          {f.status !== "indexed" && (
            <Badge variant={STATUS_VARIANT[f.status]} title={f.error ?? undefined}>
              {f.status}
            </Badge>
          )}
        </li>
      ))}
    </ul>
  );
}

/** One database: tick box, a name that opens its file list, [Schema], Export JSON, Refresh embeddings, Delete. */
export function DatabaseRow({
  db,
  checked,
  onCheck,
  open,
  onToggle,
  a,
  embeddingsOffNote,
}: {
  db: DocDb;
  checked: boolean;
  onCheck(checked: boolean): void;
  open: boolean;
  onToggle(): void;
  a: RowActions;
  /** The id of the panel's note saying why Refresh embeddings is off (its description), if it is. */
  embeddingsOffNote?: string;
}) {
  const listId = `db-files-${db.name}`;
  return (
    <li className="border-b last:border-0" data-db={db.name}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 px-3 py-2">
        <Checkbox
          aria-label={`Select ${db.name}`}
          checked={checked}
          onCheckedChange={(v) => onCheck(v === true)}
        />
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={onToggle}
          // At least 16rem for the name: when the actions do not fit beside it they wrap below, not the name.
          className="group flex min-w-[16rem] flex-1 basis-[16rem] items-center gap-2 rounded px-1 py-0.5 text-left text-sm hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ChevronRightIcon
            className="size-4 shrink-0 transition-transform group-aria-expanded:rotate-90"
            aria-hidden
          />
          <DatabaseIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          {/* The display name every screen uses, with the file name the paths carry beside it. */}
          <span className="min-w-0 truncate font-medium">{dbTitle(db)}</span>
          <span className="hidden min-w-0 truncate font-mono text-xs text-muted-foreground sm:inline">
            {db.name}
          </span>
          <Badge variant="secondary" className="ml-1">
            {db.files} file{db.files === 1 ? "" : "s"}
          </Badge>
          {db.mode === "general" && <Badge variant="outline">general</Badge>}
        </button>
        <RowButtons name={db.name} a={a} embeddingsOffNote={embeddingsOffNote} />
      </div>
      <div id={listId} hidden={!open}>
        {open && <FileList db={db.name} onOpen={(f) => a.onOpenFile(db.name, f)} />}
      </div>
    </li>
  );
}

/** A row's actions: [Schema], Export JSON, Refresh embeddings and Delete. */
function RowButtons({
  name,
  a,
  embeddingsOffNote,
}: {
  name: string;
  a: RowActions;
  embeddingsOffNote?: string;
}) {
  return (
    <div className="ml-auto flex min-w-0 flex-wrap justify-end gap-0.5">
      <Button
        size="xs"
        variant="ghost"
        className="font-mono"
        aria-label={`Schema of ${name}`}
        onClick={() => a.onSchema(name)}
      >
        [Schema]
      </Button>
      <Button
        size="xs"
        variant="ghost"
        aria-label={`Export schema of ${name} as JSON`}
        onClick={() => a.onExport(name)}
      >
        <FileJsonIcon /> Export JSON
      </Button>
      {/* The tooltip is on a wrapper: a disabled button takes no pointer, so its own title never shows. */}
      <span className="inline-flex" title={a.embeddingsOff}>
        <Button
          size="xs"
          variant="ghost"
          aria-label={`Refresh embeddings of ${name}`}
          aria-describedby={embeddingsOffNote}
          disabled={!!a.embedding || !!a.embeddingsOff}
          onClick={() => a.onEmbeddings(name)}
        >
          <SparklesIcon className={a.embedding === name ? "animate-pulse" : undefined} /> Refresh embeddings
        </Button>
      </span>
      <Button
        size="xs"
        variant="ghost"
        className="text-destructive hover:text-destructive"
        aria-label={`Delete ${name}`}
        disabled={a.busy}
        onClick={() => a.onDelete(name)}
      >
        <Trash2Icon /> Delete
      </Button>
    </div>
  );
}
